import "server-only";
import type { BlockContabilizeAnswer, BlockContabilizeBody } from "@/lib/contract/contabilization";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import type { LinkCaller } from "@/server/auth/mobile-session";
import { loadWorkBlock } from "@/server/blocks/access";
import { BLOCK_YEAR_MONTH_SQL, loadBlockRows, touchedClientCte } from "@/server/blocks/rows";
import { CONTABILIZATION_LEASE_MS } from "@/lib/constants";
import { getDb, statementRows, type Tx } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { workScopeSql, workScopeValues } from "@/server/policy/scopes";
import { takeLease } from "./lease";
import { loadContabilizationMonth, loadMonthData } from "./month-view";

type Change = { changed: boolean; clientId: number; operatorId: number; leaseExpiresAt: Date };

// A conditional UPDATE that wrote nothing: the block is gone (devolved, undone) or already in the
// asked state — a retried or doubled tap, answered as if it had just been done.
async function assertStillLive(tx: Tx, blockId: number): Promise<void> {
  const now = await tx.block.findUnique({ where: { id: blockId }, select: { devolvedAt: true, undoneAt: true } });
  if (!now || now.devolvedAt || now.undoneAt) throw new AppError("not_found", messages.blocks.notFound);
}

/**
 * POST /api/block/contabilize {blockId, link, undo?}: posts a block (contabilizedAt, contabilizedById)
 * or, with `undo: true`, takes the posting back. By a logged-in operator (`link` null) or by its phone's
 * session (`link` = the session token: only blocks of the session's client; others are not found).
 * In one transaction: the block through the tenant scope (404; a business user 403), the client's
 * lease taken or renewed for the operator (another operator's: 409 naming the holder), only categorised
 * blocks without an open pendency (409), then ONE conditional UPDATE that bumps the version. Idempotent:
 * posting a posted block or undoing an unposted one changes nothing, writes no audit event and answers
 * the same. Answers the block and its month refreshed (counts, next blocks, last posted).
 */
export async function contabilizeBlock({ caller, body }: { caller: LinkCaller; body: BlockContabilizeBody }): Promise<BlockContabilizeAnswer> {
  return (await contabilizeAtOnce(caller, body)) ?? contabilizeChecked(caller, body);
}

// The posting (or its undo) of contabilizeChecked when everything is in order, as ONE statement (atomic
// by itself): the block through the work scope (and the phone session's client), live, categorised, in
// the other state and, to post, without an open pendency; the client's lease taken or renewed by the
// same conditional upsert as tryTakeLease; then the conditional UPDATE, the client's modifiedAt and the
// audit event, written only when the UPDATE wrote. No row: nothing but possibly the lease was written
// (as the checked path would too), and contabilizeChecked finds the answer (404, 403, 409, or the
// idempotent repeat).
const CONTABILIZE_AT_ONCE = `
  WITH blk AS (
    SELECT b.id, b.client_id, c.office_id
      FROM blocks b
      JOIN clients c ON c.id = b.client_id
     WHERE b.id = $1::int AND b.devolved_at IS NULL AND b.undone_at IS NULL AND b.account_id IS NOT NULL
       AND ($3::int IS NULL OR b.client_id = $3::int)
       AND ${workScopeSql(4)}
       AND CASE WHEN $2::bool THEN b.contabilized_at IS NOT NULL
                ELSE b.contabilized_at IS NULL
                     AND NOT EXISTS (SELECT 1 FROM pendencies p WHERE p.block_id = b.id AND p.solved_at IS NULL) END
  ),
  lease AS (
    INSERT INTO contabilization_leases AS l (client_id, operator_id, expires_at)
    SELECT blk.client_id, $6::int, $9::timestamptz FROM blk
    ON CONFLICT (client_id) DO UPDATE SET operator_id = EXCLUDED.operator_id, expires_at = EXCLUDED.expires_at
     WHERE l.expires_at <= $8::timestamptz OR l.operator_id = EXCLUDED.operator_id
    RETURNING l.client_id, l.expires_at
  ),
  upd AS (
    UPDATE blocks b
       SET contabilized_at = CASE WHEN $2::bool THEN NULL ELSE $8::timestamptz END,
           contabilized_by_id = CASE WHEN $2::bool THEN NULL ELSE $6::int END,
           version = b.version + 1, updated_at = $8::timestamptz
      FROM blk JOIN lease ON lease.client_id = blk.client_id
     WHERE b.id = blk.id AND b.devolved_at IS NULL AND b.undone_at IS NULL AND b.account_id IS NOT NULL
       AND CASE WHEN $2::bool THEN b.contabilized_at IS NOT NULL ELSE b.contabilized_at IS NULL END
    RETURNING b.id, b.client_id, b.version,
              ${BLOCK_YEAR_MONTH_SQL} AS year_month
  ),
  ${touchedClientCte("$8")},
  audited AS (
    INSERT INTO audit_events (actor_user_id, office_id, client_id, action, target_type, target_id, data)
    SELECT $7::int, blk.office_id, blk.client_id,
           CASE WHEN $2::bool THEN 'block.contabilize_undo' ELSE 'block.contabilize' END, 'block', blk.id::text,
           jsonb_build_object('via', $10::text, 'mobileSessionId', $11::int, 'version', upd.version)
      FROM upd JOIN blk ON blk.id = upd.id
    RETURNING id
  )
  SELECT upd.client_id AS "clientId", upd.year_month AS "yearMonth", lease.expires_at AS "leaseExpiresAt",
         (SELECT count(*) FROM touched)::int AS touched, (SELECT count(*) FROM audited)::int AS audited
    FROM upd JOIN lease ON lease.client_id = upd.client_id`;

export async function contabilizeAtOnce({ actor, session }: LinkCaller, body: BlockContabilizeBody): Promise<BlockContabilizeAnswer | null> {
  const scope = workScopeValues(actor);
  if (!scope) return null;
  const undo = body.undo === true;
  const now = new Date();
  const db = getDb();
  const [row] = await statementRows<{ clientId: number; yearMonth: string; leaseExpiresAt: Date }>(db, "block_contabilize_at_once", CONTABILIZE_AT_ONCE, [
    body.blockId,
    undo,
    session?.clientId ?? null,
    ...scope,
    actor.userId,
    now,
    new Date(now.getTime() + CONTABILIZATION_LEASE_MS),
    session ? "mobile" : "desktop",
    session?.id ?? null,
  ]);
  if (!row) return null;
  // The answer's month is the block's; the block itself is one of the month's rows.
  const period = { year: Number(row.yearMonth.slice(0, 4)), month: Number(row.yearMonth.slice(5, 7)) };
  const { view, blocks } = await loadMonthData(db, actor, row.clientId, period);
  const block = blocks.find((one) => one.id === body.blockId);
  // Devolved or undone in the instant since the posting: the block is gone for the caller.
  if (!block) throw new AppError("not_found", messages.blocks.notFound);
  return { block, contabilization: { ...view, leaseExpiresDatetime: row.leaseExpiresAt.toISOString() } };
}

/**
 * Every check one by one in a transaction, each failure with its own answer: the path of a call that
 * contabilizeAtOnce did not write. Exported for the test that both paths write the same.
 */
export async function contabilizeChecked({ actor, session }: LinkCaller, body: BlockContabilizeBody): Promise<BlockContabilizeAnswer> {
  const undo = body.undo === true;
  const change = await getDb().$transaction(async (tx): Promise<Change> => {
    const block = await loadWorkBlock(tx, actor, body.blockId);
    if (session && block.clientId !== session.clientId) throw new AppError("not_found", messages.blocks.notFound);
    const operatorId = block.operator.operatorId;
    const lease = await takeLease(tx, block.clientId, operatorId);
    if (block.accountId === null) throw new AppError("conflict", messages.contabilization.notCategorized);
    if (!undo) {
      const pending = await tx.pendency.findFirst({ where: { blockId: block.id, solvedAt: null }, select: { id: true } });
      if (pending) throw new AppError("conflict", messages.contabilization.pendencyOpen);
    }
    const now = new Date();
    const live = { id: block.id, devolvedAt: null, undoneAt: null };
    const written = undo
      ? await tx.block.updateMany({
          where: { ...live, contabilizedAt: { not: null } },
          data: { contabilizedAt: null, contabilizedById: null, version: { increment: 1 } },
        })
      : await tx.block.updateMany({
          where: { ...live, contabilizedAt: null, accountId: { not: null } },
          data: { contabilizedAt: now, contabilizedById: operatorId, version: { increment: 1 } },
        });
    const base = { clientId: block.clientId, operatorId, leaseExpiresAt: lease.expiresAt };
    if (written.count === 0) {
      await assertStillLive(tx, block.id);
      return { ...base, changed: false };
    }
    await tx.client.update({ where: { id: block.clientId }, data: { modifiedAt: now } });
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        officeId: block.officeId,
        clientId: block.clientId,
        action: undo ? "block.contabilize_undo" : "block.contabilize",
        targetType: "block",
        targetId: block.id,
        data: { via: session ? "mobile" : "desktop", mobileSessionId: session?.id ?? null, version: block.version + 1 },
      },
      tx,
    );
    return { ...base, changed: true };
  });
  const db = getDb();
  const [loaded] = await loadBlockRows(db, { clientId: change.clientId, operatorId: change.operatorId, blockId: body.blockId });
  if (!loaded) throw new AppError("not_found", messages.blocks.notFound);
  const contabilization = await loadContabilizationMonth(db, actor, change.clientId, loaded, change.leaseExpiresAt);
  return { block: loaded.block, contabilization };
}
