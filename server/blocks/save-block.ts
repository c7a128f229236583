import "server-only";
import type { Block, BlockSaveBody } from "@/lib/contract/blocks";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { PRESENCE_FRESH_MS } from "@/lib/constants";
import { getDb, statementRows, type Tx } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import type { Actor } from "@/server/policy/actor";
import { workScopeSql, workScopeValues } from "@/server/policy/scopes";
import { SCREEN } from "@/server/presence/screen-presence";
import { loadWorkBlock } from "./access";
import { busyHolder } from "./busy";
import { loadBlockRows, touchedClientCte } from "./rows";
import { checkSaveFields, type SaveFields } from "./save-rules";

/**
 * Why a conditional write touched no row: gone (404), contabilised meanwhile or a stale version (409).
 * `fresh`, when given, is answered as `error.details.block` with the 409s (issue 9: the loser of two
 * saves sees the winner's block).
 */
export async function explainMissedWrite(tx: Tx, blockId: number, fresh?: Block): Promise<never> {
  const now = await tx.block.findUnique({ where: { id: blockId }, select: { devolvedAt: true, undoneAt: true, contabilizedAt: true } });
  if (!now || now.devolvedAt || now.undoneAt) throw new AppError("not_found", messages.blocks.notFound);
  const details = fresh ? { details: { block: fresh } } : {};
  if (now.contabilizedAt) throw new AppError("conflict", messages.blocks.contabilized, details);
  throw new AppError("conflict", messages.blocks.stale, details);
}

/**
 * POST /api/block/save {block: {id, date, value, accountId}, version}: categorises (or re-categorises)
 * a block. Field rules first (400, nothing read). Then, in one transaction: the block through the
 * tenant scope (404; a business user 403), the account (any account of the office's chart of the
 * date's year, active for the client or not: 400 otherwise), a contabilised block or one with an open
 * pendency (409), a client
 * another operator is working (409, busyHolder), and ONE conditional UPDATE … WHERE id AND version AND
 * not contabilised AND not devolved AND not undone that bumps the version: of two saves of the same
 * version exactly one writes, the other finds no row and answers 409 with the stale message. The
 * client's modifiedAt and the audit event go in the same transaction. Answers the updated block.
 *
 * The save that passes every check is one statement (saveAtOnce) and then the block's read; only a
 * save it did not write pays for the checks one by one (saveChecked), which find the answer.
 */
export async function saveBlock({ actor, body }: { actor: Actor; body: BlockSaveBody }): Promise<Block> {
  const fields = checkSaveFields(body.block.date, body.block.value);
  const saved = await saveAtOnce(actor, body, fields);
  if (saved) return saved;
  return saveChecked(actor, body, fields);
}

// The save of saveChecked when everything is in order, as ONE statement (atomic by itself: no
// transaction round trips): the block through the work scope, at the given version, live, not
// contabilised, without an open pendency, its client not busy for the caller (busyHolder's rule), the
// account in the office's chart of the date's year; then the conditional UPDATE, the client's
// modifiedAt and the audit event, each written only when the UPDATE wrote. Answers the client's id, or
// no row when any condition fails: then nothing was written, and saveChecked finds out which answer
// the call gets (404, 403, 400, 409).
const SAVE_AT_ONCE = `
  WITH blk AS (
    SELECT b.id, b.client_id, c.office_id, b.account_id
      FROM blocks b
      JOIN clients c ON c.id = b.client_id
     WHERE b.id = $1::int AND b.version = $2::int
       AND b.contabilized_at IS NULL AND b.devolved_at IS NULL AND b.undone_at IS NULL
       AND ${workScopeSql(8)}
       AND NOT EXISTS (SELECT 1 FROM pendencies p WHERE p.block_id = b.id AND p.solved_at IS NULL)
       AND NOT EXISTS (SELECT 1 FROM contabilization_leases l
                        WHERE l.client_id = b.client_id AND l.expires_at > $12::timestamptz AND l.operator_id <> $10::int)
       AND (EXISTS (SELECT 1 FROM presences mine
                     WHERE mine.user_id = $11::int AND mine.client_id = b.client_id
                       AND mine.screen = '${SCREEN.categorization}' AND mine.seen_at > $13::timestamptz)
            OR NOT EXISTS (SELECT 1 FROM presences pr
                             JOIN accounting_operators po ON po.user_id = pr.user_id AND po.office_id = c.office_id
                            WHERE pr.client_id = b.client_id AND pr.screen = '${SCREEN.categorization}'
                              AND pr.seen_at > $13::timestamptz AND pr.user_id <> $11::int))
  ),
  acc AS (
    SELECT a.id, a.code FROM accounts a JOIN blk ON a.office_id = blk.office_id
     WHERE a.id = $3::int AND a.year_of_exercise = $6::int
  ),
  upd AS (
    UPDATE blocks b
       SET account_id = acc.id, payment_date = $4::date, value_cents = $5::bigint,
           categorized_by_id = $10::int, categorized_at = $12::timestamptz, version = b.version + 1,
           claimed_by_id = NULL, claimed_until = NULL, updated_at = $12::timestamptz
      FROM blk, acc
     WHERE b.id = blk.id AND b.version = $2::int
       AND b.contabilized_at IS NULL AND b.devolved_at IS NULL AND b.undone_at IS NULL
    RETURNING b.id, b.client_id
  ),
  ${touchedClientCte("$12")},
  audited AS (
    INSERT INTO audit_events (actor_user_id, office_id, client_id, action, target_type, target_id, data)
    SELECT $11::int, blk.office_id, blk.client_id, 'block.save', 'block', blk.id::text,
           jsonb_build_object(
             'before', jsonb_build_object('accountId', blk.account_id, 'version', $2::int),
             'after', jsonb_build_object('accountId', acc.id, 'code', acc.code, 'date', $7::text,
                                         'value', $14::text, 'version', $2::int + 1))
      FROM upd JOIN blk ON blk.id = upd.id CROSS JOIN acc
    RETURNING id
  )
  SELECT upd.client_id AS "clientId", (SELECT count(*) FROM touched)::int AS touched, (SELECT count(*) FROM audited)::int AS audited
    FROM upd`;

const INT4_MAX = 2 ** 31 - 1;

export async function saveAtOnce(actor: Actor, body: BlockSaveBody, fields: SaveFields): Promise<Block | null> {
  const scope = workScopeValues(actor);
  // A version past int4 matches no block: the checked path answers it.
  if (!scope || body.version > INT4_MAX) return null;
  const now = new Date();
  const [row] = await statementRows<{ clientId: number }>(getDb(), "block_save_at_once", SAVE_AT_ONCE, [
    body.block.id,
    body.version,
    body.block.accountId,
    body.block.date,
    fields.valueCents.toString(),
    fields.year,
    body.block.date,
    ...scope,
    actor.userId,
    now,
    new Date(now.getTime() - PRESENCE_FRESH_MS),
    body.block.value,
  ]);
  if (!row) return null;
  const [saved] = await loadBlockRows(getDb(), { clientId: row.clientId, operatorId: scope[2], blockId: body.block.id });
  // Devolved or undone in the instant since the save: the block is gone for the caller.
  if (!saved) throw new AppError("not_found", messages.blocks.notFound);
  return saved.block;
}

/**
 * Every check one by one in a transaction, each failure with its own answer: the path of a save that
 * saveAtOnce did not write. Exported for the test that both paths write the same.
 */
export async function saveChecked(actor: Actor, body: BlockSaveBody, fields: SaveFields): Promise<Block> {
  return getDb().$transaction(async (tx) => {
    const block = await loadWorkBlock(tx, actor, body.block.id);
    const account = await tx.account.findFirst({
      where: { id: body.block.accountId, officeId: block.officeId, yearOfExercise: fields.year },
      select: { id: true, code: true },
    });
    if (!account) {
      throw new AppError("invalid_input", messages.blocks.accountNotInChart, {
        fields: [{ path: "block.accountId", message: messages.blocks.accountNotInChart }],
      });
    }
    if (block.contabilizedAt) throw new AppError("conflict", messages.blocks.contabilized);
    // The viewer shows a pending block read-only (pendency mode): it waits for the client's answer.
    const pending = await tx.pendency.findFirst({ where: { blockId: block.id, solvedAt: null }, select: { id: true } });
    if (pending) throw new AppError("conflict", messages.blocks.pendencyOpen);
    const holder = await busyHolder(tx, actor, { id: block.clientId, officeId: block.officeId });
    if (holder) throw new AppError("conflict", messages.blocks.busy(holder));

    const now = new Date();
    const written = await tx.block.updateMany({
      where: { id: block.id, version: body.version, contabilizedAt: null, devolvedAt: null, undoneAt: null },
      data: {
        accountId: account.id,
        paymentDate: fields.paymentDate,
        valueCents: fields.valueCents,
        categorizedById: block.operator.operatorId,
        categorizedAt: now,
        version: { increment: 1 },
        // A saved block leaves the categorization queue: its claim (issue 9) is released with it.
        claimedById: null,
        claimedUntil: null,
      },
    });
    if (written.count === 0) {
      // The winner's block, fresh, beside the 409: the viewer shows it without another call.
      const [fresh] = await loadBlockRows(tx, { clientId: block.clientId, operatorId: block.operator.operatorId, blockId: block.id });
      await explainMissedWrite(tx, block.id, fresh?.block);
    }
    await tx.client.update({ where: { id: block.clientId }, data: { modifiedAt: now } });
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        officeId: block.officeId,
        clientId: block.clientId,
        action: "block.save",
        targetType: "block",
        targetId: block.id,
        data: {
          before: { accountId: block.accountId, version: body.version },
          after: { accountId: account.id, code: account.code, date: body.block.date, value: body.block.value, version: body.version + 1 },
        },
      },
      tx,
    );
    const [saved] = await loadBlockRows(tx, { clientId: block.clientId, operatorId: block.operator.operatorId, blockId: block.id });
    return saved.block;
  });
}
