import "server-only";
import type { Block, BlockSaveBody } from "@/lib/contract/blocks";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { PRESENCE_FRESH_MS } from "@/lib/constants";
import { getDb, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import type { ActorRead } from "@/server/auth/authenticate";
import { withActorWriteSql, WRITER_SCOPE } from "@/server/auth/load-actor";
import { workScopeOf } from "@/server/policy/scopes";
import { SCREEN } from "@/server/presence/screen-presence";
import { loadWorkBlock } from "./access";
import { busyHolder } from "./busy";
import { blockRowsSql, loadBlockRows, toLoaded, touchedClientCte, type BlockRow } from "./rows";
import { checkSaveFields, type SaveFields } from "./save-rules";

/**
 * Why a conditional write touched no row: gone (404), contabilised meanwhile or a stale version (409).
 * `fresh`, when given, is answered as `error.details.block` with the 409s (the loser of two
 * saves sees the winner's block).
 */
export async function explainMissedWrite(tx: Tx, blockId: number, fresh?: Block): Promise<never> {
  const now = await tx.block.findUnique({
    where: { id: blockId },
    select: { devolvedAt: true, undoneAt: true, contabilizedAt: true },
  });
  if (!now || now.devolvedAt || now.undoneAt) throw new AppError("not_found", messages.blocks.notFound);
  const details = fresh ? { details: { block: fresh } } : {};
  if (now.contabilizedAt) throw new AppError("conflict", messages.blocks.contabilized, details);
  throw new AppError("conflict", messages.blocks.stale, details);
}

/**
 * POST /api/block/save {block: {id, date, value, accountId}, version}: categorises (or re-categorises)
 * a block. Field rules first (400, nothing read). Then, in one transaction: the block through the
 * tenant scope (404; a business user 403), the account (any account of the office's chart of the
 * date's year, active for the client or not: 400 otherwise; an inactive or synthetic account 400 unless
 * the block is already in it), a contabilised block or one with an open
 * pendency (409), a client
 * another operator is working (409, busyHolder), and ONE conditional UPDATE … WHERE id AND version AND
 * not contabilised AND not devolved AND not undone that bumps the version: of two saves of the same
 * version exactly one writes, the other finds no row and answers 409 with the stale message. The
 * client's modifiedAt and the audit event go in the same transaction. Answers the updated block.
 *
 * The save that passes every check is written by the statement that loads the caller (saveWrite, the
 * route's write beside the actor load), which also reads the saved block: `rows` holds it. Only a save
 * it did not write pays for the checks one by one (saveChecked), which find the answer.
 */
export async function saveBlock({
  actor,
  body,
  rows,
}: {
  actor: Actor;
  body: BlockSaveBody;
  rows?: unknown[];
}): Promise<Block> {
  const fields = checkSaveFields(body.block.date, body.block.value);
  const written = rows?.[0] as SavedRow | undefined;
  if (written) {
    const { savedAccountId, savedPaymentDate, savedValueCents, savedVersion, ...before } = written;
    return toLoaded({
      ...before,
      accountId: savedAccountId,
      paymentDate: savedPaymentDate,
      valueCents: savedValueCents,
      version: savedVersion,
    }).block;
  }
  return saveChecked(actor, body, fields);
}

type SavedRow = BlockRow & {
  clientId: number;
  savedAccountId: number;
  savedPaymentDate: string;
  savedValueCents: string;
  savedVersion: number;
};

// The save of saveChecked when everything is in order, as data-modifying CTEs of ONE statement beside
// the actor load (withActorWriteSql: the caller is `writer`; atomic by itself, no transaction round
// trips): the block through the work scope, at the given version, live, not contabilised, without an
// open pendency, its client not busy for the caller (busyHolder's rule), the account in the office's
// chart of the date's year and active analytic (or the block's own account: it keeps it); then the conditional UPDATE, the client's modifiedAt and the audit event,
// each written only when the UPDATE wrote. Its answer is the client's id, or nothing when any condition
// fails (or the caller is not an accepted accounting operator): then nothing was written, and
// saveChecked finds out which answer the call gets (404, 403, 400, 409).
// Parameters after the actor's $1…$3: block $4, version $5, account $6, date $7 (as date) and $10 (as
// text), cents $8, the date's year $9, now $11, the presence cutoff $12, the value as typed $13.
const SAVE_CTES = `
  blk AS (
    SELECT b.id, b.client_id, c.office_id, b.account_id, writer.user_id, writer.operator_id
      FROM blocks b
      JOIN clients c ON c.id = b.client_id
     CROSS JOIN writer
     WHERE b.id = $4::int AND b.version = $5::int
       AND b.contabilized_at IS NULL AND b.devolved_at IS NULL AND b.undone_at IS NULL
       AND ${workScopeOf(WRITER_SCOPE)}
       AND NOT EXISTS (SELECT 1 FROM pendencies p WHERE p.block_id = b.id AND p.solved_at IS NULL)
       AND NOT EXISTS (SELECT 1 FROM contabilization_leases l
                        WHERE l.client_id = b.client_id AND l.expires_at > $11::timestamptz AND l.operator_id <> writer.operator_id)
       AND (EXISTS (SELECT 1 FROM presences mine
                     WHERE mine.user_id = writer.user_id AND mine.client_id = b.client_id
                       AND mine.screen = '${SCREEN.categorization}' AND mine.seen_at > $12::timestamptz)
            OR NOT EXISTS (SELECT 1 FROM presences pr
                             JOIN accounting_operators po ON po.user_id = pr.user_id AND po.office_id = c.office_id
                            WHERE pr.client_id = b.client_id AND pr.screen = '${SCREEN.categorization}'
                              AND pr.seen_at > $12::timestamptz AND pr.user_id <> writer.user_id))
  ),
  acc AS (
    SELECT a.id, a.code FROM accounts a JOIN blk ON a.office_id = blk.office_id
     WHERE a.id = $6::int AND a.year_of_exercise = $9::int
       AND ((a.active AND a.type = 'analytic') OR a.id = blk.account_id)
  ),
  upd AS (
    UPDATE blocks b
       SET account_id = acc.id, payment_date = $7::date, value_cents = $8::bigint,
           categorized_by_id = blk.operator_id, categorized_at = $11::timestamptz, version = b.version + 1,
           claimed_by_id = NULL, claimed_until = NULL, updated_at = $11::timestamptz
      FROM blk, acc
     WHERE b.id = blk.id AND b.version = $5::int
       AND b.contabilized_at IS NULL AND b.devolved_at IS NULL AND b.undone_at IS NULL
    RETURNING b.id, b.client_id, b.account_id, to_char(b.payment_date, 'YYYY-MM-DD') AS payment_date,
              b.value_cents::text AS value_cents, b.version
  ),
  ${touchedClientCte("$11")},
  audited AS (
    INSERT INTO audit_events (actor_user_id, office_id, client_id, action, target_type, target_id, data)
    SELECT blk.user_id, blk.office_id, blk.client_id, 'block.save', 'block', blk.id::text,
           jsonb_build_object(
             'before', jsonb_build_object('accountId', blk.account_id, 'version', $5::int),
             'after', jsonb_build_object('accountId', acc.id, 'code', acc.code, 'date', $10::text,
                                         'value', $13::text, 'version', $5::int + 1))
      FROM upd JOIN blk ON blk.id = upd.id CROSS JOIN acc
    RETURNING id
  )`;
// The answer: the saved block's row (blockRowsSql) as it reads in the statement's snapshot, that is
// before the UPDATE, with the columns the UPDATE wrote taken from its RETURNING ("saved…").
const SAVE_RESULT = `
  SELECT upd.client_id AS "clientId", (SELECT count(*) FROM touched)::int AS touched, (SELECT count(*) FROM audited)::int AS audited,
         upd.account_id AS "savedAccountId", upd.payment_date AS "savedPaymentDate", upd.value_cents AS "savedValueCents",
         upd.version AS "savedVersion", br.*
    FROM upd JOIN blk ON blk.id = upd.id
    LEFT JOIN LATERAL (${blockRowsSql({ client: "blk.client_id", operator: "blk.operator_id" }, "AND b.id = blk.id")}) br ON TRUE`;
const SAVE_AT_ONCE = withActorWriteSql(SAVE_CTES, SAVE_RESULT);

const INT4_MAX = 2 ** 31 - 1;

/**
 * The route's write for a save body (route() option `read`, as a write): the one-statement save
 * beside the actor load. null when the body breaks a field rule or names a version past int4: then the
 * actor is loaded alone and saveBlock answers (400 after the caller is authenticated; the checked path).
 */
export function saveWrite(body: BlockSaveBody): ActorRead | null {
  let fields: SaveFields;
  try {
    fields = checkSaveFields(body.block.date, body.block.value);
  } catch {
    return null;
  }
  if (body.version > INT4_MAX) return null;
  const now = new Date();
  const values = [
    body.block.id,
    body.version,
    body.block.accountId,
    body.block.date,
    fields.valueCents.toString(),
    fields.year,
    body.block.date,
    now,
    new Date(now.getTime() - PRESENCE_FRESH_MS),
    body.block.value,
  ];
  return { name: "block_save_at_once", sql: SAVE_AT_ONCE, values, key: "clientId", write: true };
}

/**
 * Every check one by one in a transaction, each failure with its own answer: the path of a save that
 * saveWrite did not write. Exported for the test that both paths write the same.
 */
export async function saveChecked(actor: Actor, body: BlockSaveBody, fields: SaveFields): Promise<Block> {
  return getDb().$transaction(async (tx) => {
    const block = await loadWorkBlock(tx, actor, body.block.id);
    const account = await tx.account.findFirst({
      where: { id: body.block.accountId, officeId: block.officeId, yearOfExercise: fields.year },
      select: { id: true, code: true, active: true, type: true },
    });
    if (!account) {
      throw new AppError("invalid_input", messages.blocks.accountNotInChart, {
        fields: [{ path: "block.accountId", message: messages.blocks.accountNotInChart }],
      });
    }
    // An inactive or synthetic account is never saved into; a block already in it keeps it.
    if (!(account.active && account.type === "analytic") && account.id !== block.accountId) {
      throw new AppError("invalid_input", messages.blocks.accountNotPostable, {
        fields: [{ path: "block.accountId", message: messages.blocks.accountNotPostable }],
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
        // A saved block leaves the categorization queue: its claim is released with it.
        claimedById: null,
        claimedUntil: null,
      },
    });
    if (written.count === 0) {
      // The winner's block, fresh, beside the 409: the viewer shows it without another call.
      const [fresh] = await loadBlockRows(tx, {
        clientId: block.clientId,
        operatorId: block.operator.operatorId,
        blockId: block.id,
      });
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
          after: {
            accountId: account.id,
            code: account.code,
            date: body.block.date,
            value: body.block.value,
            version: body.version + 1,
          },
        },
      },
      tx,
    );
    const [saved] = await loadBlockRows(tx, {
      clientId: block.clientId,
      operatorId: block.operator.operatorId,
      blockId: block.id,
    });
    return saved.block;
  });
}
