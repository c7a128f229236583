import "server-only";
import type { BlockContabilizeAnswer, BlockContabilizeBody } from "@/lib/contract/contabilization";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import type { LinkCaller } from "@/server/auth/mobile-session";
import { loadWorkBlock } from "@/server/blocks/access";
import { BLOCK_YEAR_MONTH_SQL, loadBlockRows, touchedClientCte } from "@/server/blocks/rows";
import { CONTABILIZATION_LEASE_MS } from "@/lib/constants";
import { getDb, preparedQuery, type Tx } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import type { ActorRead } from "@/server/auth/authenticate";
import { withActorWriteSql, WRITER_SCOPE } from "@/server/auth/load-actor";
import { workScopeOf } from "@/server/policy/scopes";
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
export async function contabilizeBlock({ caller, body, rows }: { caller: LinkCaller; body: BlockContabilizeBody; rows?: unknown[] }): Promise<BlockContabilizeAnswer> {
  // rows: the route ran contabilizeWrite beside the actor load (a bearer caller); otherwise the same
  // write runs now for the caller already authenticated (a phone's session)
  const written = rows ? ((rows[0] as PostedRow | undefined) ?? null) : await postAsCaller(caller, body);
  return (written && (await postedAnswer(caller, body, written))) ?? contabilizeChecked(caller, body);
}

type PostedRow = { clientId: number; yearMonth: string; leaseExpiresAt: Date };

// The posting (or its undo) of contabilizeChecked when everything is in order, as data-modifying CTEs
// of ONE statement (atomic by itself) over the caller `writer`: the block through the work scope (and
// the phone session's client), live, categorised, in the other state and, to post, without an open
// pendency; the client's lease taken or renewed by the same conditional upsert as tryTakeLease; then
// the conditional UPDATE, the client's modifiedAt and the audit event, written only when the UPDATE
// wrote. No row: nothing but possibly the lease was written (as the checked path would too), and
// contabilizeChecked finds the answer (404, 403, 409, or the idempotent repeat).
// Parameters after the caller's $1…$3: block $4, undo $5, the phone session's client $6, now $7, the
// lease's end $8, 'mobile' or 'desktop' $9, the phone session $10.
const CONTABILIZE_CTES = `
  blk AS (
    SELECT b.id, b.client_id, c.office_id, writer.user_id, writer.operator_id
      FROM blocks b
      JOIN clients c ON c.id = b.client_id
     CROSS JOIN writer
     WHERE b.id = $4::int AND b.devolved_at IS NULL AND b.undone_at IS NULL AND b.account_id IS NOT NULL
       AND ($6::int IS NULL OR b.client_id = $6::int)
       AND ${workScopeOf(WRITER_SCOPE)}
       AND CASE WHEN $5::bool THEN b.contabilized_at IS NOT NULL
                ELSE b.contabilized_at IS NULL
                     AND NOT EXISTS (SELECT 1 FROM pendencies p WHERE p.block_id = b.id AND p.solved_at IS NULL) END
  ),
  lease AS (
    INSERT INTO contabilization_leases AS l (client_id, operator_id, expires_at)
    SELECT blk.client_id, blk.operator_id, $8::timestamptz FROM blk
    ON CONFLICT (client_id) DO UPDATE SET operator_id = EXCLUDED.operator_id, expires_at = EXCLUDED.expires_at
     WHERE l.expires_at <= $7::timestamptz OR l.operator_id = EXCLUDED.operator_id
    RETURNING l.client_id, l.expires_at
  ),
  upd AS (
    UPDATE blocks b
       SET contabilized_at = CASE WHEN $5::bool THEN NULL ELSE $7::timestamptz END,
           contabilized_by_id = CASE WHEN $5::bool THEN NULL ELSE blk.operator_id END,
           version = b.version + 1, updated_at = $7::timestamptz
      FROM blk JOIN lease ON lease.client_id = blk.client_id
     WHERE b.id = blk.id AND b.devolved_at IS NULL AND b.undone_at IS NULL AND b.account_id IS NOT NULL
       AND CASE WHEN $5::bool THEN b.contabilized_at IS NOT NULL ELSE b.contabilized_at IS NULL END
    RETURNING b.id, b.client_id, b.version,
              ${BLOCK_YEAR_MONTH_SQL} AS year_month
  ),
  ${touchedClientCte("$7")},
  audited AS (
    INSERT INTO audit_events (actor_user_id, office_id, client_id, action, target_type, target_id, data)
    SELECT blk.user_id, blk.office_id, blk.client_id,
           CASE WHEN $5::bool THEN 'block.contabilize_undo' ELSE 'block.contabilize' END, 'block', blk.id::text,
           jsonb_build_object('via', $9::text, 'mobileSessionId', $10::int, 'version', upd.version)
      FROM upd JOIN blk ON blk.id = upd.id
    RETURNING id
  )`;
const CONTABILIZE_RESULT = `
  SELECT upd.client_id AS "clientId", upd.year_month AS "yearMonth", lease.expires_at AS "leaseExpiresAt",
         (SELECT count(*) FROM touched)::int AS touched, (SELECT count(*) FROM audited)::int AS audited
    FROM upd JOIN lease ON lease.client_id = upd.client_id`;
/** Beside the actor load (a bearer caller: contabilizeWrite). */
const CONTABILIZE_WITH_ACTOR = withActorWriteSql(CONTABILIZE_CTES, CONTABILIZE_RESULT);
/**
 * For a caller already authenticated (a phone's session acts as its operator): `writer` is that
 * operator's membership, operator $1 of user $2 in office $3, still not blocked.
 */
const CONTABILIZE_AS_CALLER = `
  WITH writer AS (
    SELECT ao.user_id, ao.office_id, (ao.type = 0) AS owner, ao.id AS operator_id
      FROM accounting_operators ao
     WHERE ao.id = $1::int AND ao.user_id = $2::int AND ao.office_id = $3::int AND NOT ao.blocked
  ),
  ${CONTABILIZE_CTES}
  ${CONTABILIZE_RESULT}`;

function contabilizeValues(body: BlockContabilizeBody, session: LinkCaller["session"]): unknown[] {
  const now = new Date();
  return [body.blockId, body.undo === true, session?.clientId ?? null, now, new Date(now.getTime() + CONTABILIZATION_LEASE_MS), session ? "mobile" : "desktop", session?.id ?? null];
}

/**
 * The route's write for a bearer caller's body (linkRoute option `write`): the one-statement posting
 * beside the actor load. null with a `link`: the phone's session is authenticated first (postAsCaller).
 */
export function contabilizeWrite(body: BlockContabilizeBody): ActorRead | null {
  if (body.link) return null;
  return { name: "block_contabilize_with_actor", sql: CONTABILIZE_WITH_ACTOR, values: contabilizeValues(body, null), key: "clientId", write: true };
}

/** The one-statement posting for an authenticated caller; null when it wrote nothing (or the caller is no operator). */
async function postAsCaller({ actor, session }: LinkCaller, body: BlockContabilizeBody): Promise<PostedRow | null> {
  const acc = actor.accounting;
  if (!acc) return null;
  const [row] = await preparedQuery<PostedRow>("block_contabilize_as_caller", CONTABILIZE_AS_CALLER, [acc.operatorId, actor.userId, acc.officeId, ...contabilizeValues(body, session)]);
  return row ?? null;
}

/** The answer of a posting the one statement wrote: the block and its month refreshed. */
async function postedAnswer({ actor }: LinkCaller, body: BlockContabilizeBody, row: PostedRow): Promise<BlockContabilizeAnswer> {
  // The answer's month is the block's; the block itself is one of the month's rows.
  const period = { year: Number(row.yearMonth.slice(0, 4)), month: Number(row.yearMonth.slice(5, 7)) };
  const { view, blocks } = await loadMonthData(getDb(), actor, row.clientId, period);
  const block = blocks.find((one) => one.id === body.blockId);
  // Devolved or undone in the instant since the posting: the block is gone for the caller.
  if (!block) throw new AppError("not_found", messages.blocks.notFound);
  return { block, contabilization: { ...view, leaseExpiresDatetime: new Date(row.leaseExpiresAt).toISOString() } };
}

/** The one-statement path alone, as the caller (no row: null, and the checked path would answer). Exported for the tests. */
export async function contabilizeAtOnce(caller: LinkCaller, body: BlockContabilizeBody): Promise<BlockContabilizeAnswer | null> {
  const row = await postAsCaller(caller, body);
  return row && postedAnswer(caller, body, row);
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
