import "server-only";
import type { BlockContabilizeAnswer, BlockContabilizeBody } from "@/lib/contract/contabilization";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import type { LinkCaller } from "./mobile-session";
import { loadWorkBlock } from "@/server/blocks/access";
import {
  BLOCK_YEAR_MONTH_SQL,
  blockRowsSql,
  loadBlockRows,
  monthRangeSql,
  toLoaded,
  touchedClientCte,
  type BlockRow,
} from "@/server/blocks/rows";
import { monthFromRead, monthPlanSql, type MonthPlanRow } from "@/server/accounts/client-accounts";
import { CONTABILIZATION_LEASE_MS, LAST_CONTABILIZED } from "@/lib/constants";
import { getDb, preparedQuery, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { ActorRead } from "@/server/auth/authenticate";
import { withActorWriteSql, WRITER_SCOPE } from "@/server/auth/load-actor";
import { workScopeOf } from "@/server/policy/scopes";
import { takeLease } from "./lease";
import { loadContabilizationMonth, loadMonthData, monthData } from "./month-view";

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
export async function contabilizeBlock({
  caller,
  body,
  rows,
}: {
  caller: LinkCaller;
  body: BlockContabilizeBody;
  rows?: unknown[];
}): Promise<BlockContabilizeAnswer> {
  // rows: the route ran contabilizeWrite beside the actor load (a bearer caller); otherwise the same
  // write runs now for the caller already authenticated (a phone's session)
  const written = rows ? (rows as PostedRow[]) : await postAsCaller(caller, body);
  return (await postedAnswer(caller, body, written)) ?? contabilizeChecked(caller, body);
}

// A row of CONTABILIZE_RESULT: one block of the posted block's month that the answer can show, with
// what the posting wrote, the month's waiting counts and, on the first row, the month's plan.
type PostedRow = BlockRow & {
  clientId: number;
  /** Blocks of the month waiting to be posted (after this posting): in all, and per account id (accounts with none left out). */
  waitingInMonth: number;
  waitingByAccount: Record<string, number>;
  postedYearMonth: string;
  leaseExpiresAt: Date;
  postedAt: Date | null;
  postedVersion: number;
  chart: MonthPlanRow["chart"] | null;
  activations: MonthPlanRow["activations"] | null;
  monthCodes: MonthPlanRow["monthCodes"] | null;
};

// The posting (or its undo) of contabilizeChecked when everything is in order, as data-modifying CTEs
// of ONE statement (atomic by itself) over the caller `writer`: the block through the work scope (and
// the phone session's client), live, categorised, in the other state and, to post, without an open
// pendency; the client's lease taken or renewed by the same conditional upsert as tryTakeLease; then
// the conditional UPDATE, the client's modifiedAt and the audit event, written only when the UPDATE
// wrote. The UPDATE also asks for the version `blk` read: `blk`'s checks of other tables (the open
// pendency) are of the statement's snapshot, and a write that committed while the UPDATE waited for
// the row's lock (a pendency reported, a save) bumped the version, so the UPDATE then writes nothing
// instead of posting a block that has just got an open pendency. No row: nothing but possibly the lease
// was written (as the checked path would too), and contabilizeChecked finds the answer (404, 403, 409,
// or the idempotent repeat).
// Parameters after the caller's $1…$3: block $4, undo $5, the phone session's client $6, now $7, the
// lease's end $8, 'mobile' or 'desktop' $9, the phone session $10.
const CONTABILIZE_CTES = `
  blk AS (
    SELECT b.id, b.client_id, b.version, c.office_id, writer.user_id, writer.operator_id
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
     WHERE b.id = blk.id AND b.version = blk.version
       AND b.devolved_at IS NULL AND b.undone_at IS NULL AND b.account_id IS NOT NULL
       AND CASE WHEN $5::bool THEN b.contabilized_at IS NOT NULL ELSE b.contabilized_at IS NULL END
    RETURNING b.id, b.client_id, b.version, b.contabilized_at,
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
// The posted block's month (the lateral `m` of CONTABILIZE_RESULT) as a filter on the alias `b`: the blocks `tally` ranks.
const MONTH_OF_M = monthRangeSql({
  from: "m.first_day",
  to: "m.next_first_day",
  fromMidnight: "m.first_day::timestamp",
  toMidnight: "m.next_first_day::timestamp",
});
// The statement's answer: the block's month as the answer shows it, read in the statement's snapshot,
// that is before the UPDATE, with the posted block's contabilized_at taken from upd's RETURNING. Not
// every live block of the month, only those the answer can show, so that a posting's rows, documents
// and links do not grow with the month: the posted block, each account's next block to post
// (monthData's order: payment date, send to the millisecond, id) and the last LAST_CONTABILIZED posted
// (posting to the millisecond, then id, newest first), chosen in `tally` from the month's blocks' own
// columns, then read by blockRowsSql. Each row carries the month's waiting counts taken over all its
// blocks (in all, and per account as JSON: the numbers the answer shows), what the posting wrote
// ("posted…": the posted block's row is patched with it in Node) and the lease's end. One row of nulls
// if the month has no block in the snapshot. The month's plan (monthPlanSql: chart, activations, the
// codes the month's blocks use) is on the first row only. The month is the block's: its payment
// date's, since a posted block is categorised.
const CONTABILIZE_RESULT = `
  SELECT upd.client_id AS "clientId", upd.year_month AS "postedYearMonth", lease.expires_at AS "leaseExpiresAt",
         upd.contabilized_at AS "postedAt", upd.version AS "postedVersion",
         tally.waiting AS "waitingInMonth", tally.by_account AS "waitingByAccount",
         (SELECT count(*) FROM touched)::int AS touched, (SELECT count(*) FROM audited)::int AS audited,
         CASE WHEN br.pos = 1 THEN plan.chart END AS chart,
         CASE WHEN br.pos = 1 THEN plan.activations END AS activations,
         CASE WHEN br.pos = 1 THEN plan."monthCodes" END AS "monthCodes",
         br.*
    FROM upd
    JOIN lease ON lease.client_id = upd.client_id
    JOIN blk ON blk.id = upd.id
   CROSS JOIN LATERAL (
     SELECT to_date(upd.year_month, 'YYYY-MM') AS first_day, (to_date(upd.year_month, 'YYYY-MM') + interval '1 month')::date AS next_first_day,
            substr(upd.year_month, 1, 4)::int AS year
   ) m
   -- Its own subquery (OFFSET 0): computed once, not pulled up into the join and run per block row.
   CROSS JOIN LATERAL (
     SELECT * FROM (${monthPlanSql({ year: "m.year", from: "m.first_day", to: "m.next_first_day" }, "c.id = upd.client_id")}) q OFFSET 0
   ) plan
   -- Which of the month's categorised blocks (the only ones it can show) the answer shows, and its
   -- counts, from the blocks' own columns (and an open pendency's probe): the documents and views are
   -- read for those blocks only, below.
   CROSS JOIN LATERAL (
     SELECT COALESCE(array_agg(ranked.id) FILTER (WHERE ranked.id = upd.id OR (ranked.waiting AND ranked.next_rank = 1)
                                                  OR (ranked.posted AND ranked.last_rank <= ${LAST_CONTABILIZED})), '{}') AS ids,
            count(*) FILTER (WHERE ranked.waiting)::int AS waiting,
            COALESCE(jsonb_object_agg(ranked.account_id, ranked.waiting_in_account) FILTER (WHERE ranked.waiting AND ranked.next_rank = 1), '{}') AS by_account
       FROM (
         SELECT state.*,
                count(*) FILTER (WHERE state.waiting) OVER (PARTITION BY state.account_id) AS waiting_in_account,
                row_number() OVER (PARTITION BY state.account_id, state.waiting
                                   ORDER BY state.payment_date NULLS FIRST, date_trunc('milliseconds', state.sent_at), state.id) AS next_rank,
                row_number() OVER (PARTITION BY state.posted ORDER BY date_trunc('milliseconds', state.posted_at) DESC, state.id DESC) AS last_rank
           FROM (
             SELECT b.id, b.account_id, b.payment_date, b.sent_at, now_state.posted_at,
                    (now_state.posted_at IS NULL
                     AND NOT EXISTS (SELECT 1 FROM pendencies p WHERE p.block_id = b.id AND p.solved_at IS NULL)) AS waiting,
                    (now_state.posted_at IS NOT NULL) AS posted
               FROM blocks b
              CROSS JOIN LATERAL (SELECT CASE WHEN b.id = upd.id THEN upd.contabilized_at ELSE b.contabilized_at END AS posted_at) now_state
              WHERE b.client_id = upd.client_id AND b.account_id IS NOT NULL AND b.undone_at IS NULL AND b.devolved_at IS NULL
                ${MONTH_OF_M}
           ) state
       ) ranked
   ) tally
   LEFT JOIN LATERAL (
     SELECT shown.*, row_number() OVER (ORDER BY shown.ord)::int AS pos
       FROM (${blockRowsSql({ client: "upd.client_id", operator: "blk.operator_id" }, "AND b.id = ANY(tally.ids)")}) shown
   ) br ON TRUE`;
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
  return [
    body.blockId,
    body.undo === true,
    session?.clientId ?? null,
    now,
    new Date(now.getTime() + CONTABILIZATION_LEASE_MS),
    session ? "mobile" : "desktop",
    session?.id ?? null,
  ];
}

/**
 * The route's write for a bearer caller's body (linkRoute option `write`): the one-statement posting
 * beside the actor load. null with a `link`: the phone's session is authenticated first (postAsCaller).
 */
export function contabilizeWrite(body: BlockContabilizeBody): ActorRead | null {
  if (body.link) return null;
  return {
    name: "block_contabilize_with_actor",
    sql: CONTABILIZE_WITH_ACTOR,
    values: contabilizeValues(body, null),
    key: "clientId",
    write: true,
  };
}

/** The one-statement posting for an authenticated caller: its rows (none: it wrote nothing, or the caller is no operator). */
async function postAsCaller({ actor, session }: LinkCaller, body: BlockContabilizeBody): Promise<PostedRow[]> {
  const acc = actor.accounting;
  if (!acc) return [];
  return preparedQuery<PostedRow>(
    "block_contabilize_as_caller",
    CONTABILIZE_AS_CALLER,
    [acc.operatorId, actor.userId, acc.officeId, ...contabilizeValues(body, session)],
    { write: true },
  );
}

/**
 * The answer of a posting the one statement wrote (null: it wrote nothing): the block and its month,
 * from the statement's rows, the posted block's row patched with what the posting wrote. The UPDATE
 * only writes the version the snapshot read, so the snapshot is the block's state; should its rows
 * ever not be (the posted block or the plan missing, or a version the UPDATE did not bump), the month
 * is read again, after the write, rather than answered from them.
 */
async function postedAnswer(
  { actor }: LinkCaller,
  body: BlockContabilizeBody,
  rows: PostedRow[],
): Promise<BlockContabilizeAnswer | null> {
  const head = rows[0];
  if (!head) return null;
  const { clientId, postedYearMonth, leaseExpiresAt } = head;
  const leaseExpiresDatetime = new Date(leaseExpiresAt).toISOString();
  const period = { year: Number(postedYearMonth.slice(0, 4)), month: Number(postedYearMonth.slice(5, 7)) };
  const posted = rows.find((row) => row.id === body.blockId);
  const withPlan = rows.find((row) => row.chart !== null);
  if (!posted || !withPlan || posted.version !== posted.postedVersion - 1) {
    const { view, blocks } = await loadMonthData(getDb(), actor, clientId, period);
    const block = blocks.find((one) => one.id === body.blockId);
    // Devolved or undone in the instant since the posting: the block is gone for the caller.
    if (!block) throw new AppError("not_found", messages.blocks.notFound);
    return { block, contabilization: { ...view, leaseExpiresDatetime } };
  }
  const plan = monthFromRead(
    { clientId, chart: withPlan.chart!, activations: withPlan.activations!, monthCodes: withPlan.monthCodes! },
    period.year,
    period.month,
  );
  const loaded = rows.map((row) =>
    toLoaded(row === posted ? { ...row, contabilizedAt: row.postedAt, version: row.postedVersion } : row),
  );
  const byAccount = new Map(
    Object.entries(head.waitingByAccount).map(([accountId, count]) => [Number(accountId), count]),
  );
  const { view } = monthData(plan, loaded, clientId, period, { total: head.waitingInMonth, byAccount });
  return { block: loaded[rows.indexOf(posted)].block, contabilization: { ...view, leaseExpiresDatetime } };
}

/** The one-statement path alone, as the caller (no row: null, and the checked path would answer). Exported for the tests. */
export async function contabilizeAtOnce(
  caller: LinkCaller,
  body: BlockContabilizeBody,
): Promise<BlockContabilizeAnswer | null> {
  return postedAnswer(caller, body, await postAsCaller(caller, body));
}

/**
 * Every check one by one in a transaction, each failure with its own answer: the path of a call that
 * contabilizeAtOnce did not write. Exported for the test that both paths write the same.
 */
export async function contabilizeChecked(
  { actor, session }: LinkCaller,
  body: BlockContabilizeBody,
): Promise<BlockContabilizeAnswer> {
  const undo = body.undo === true;
  const change = await getDb().$transaction(async (tx): Promise<Change> => {
    const block = await loadWorkBlock(tx, actor, body.blockId);
    if (session && block.clientId !== session.clientId) throw new AppError("not_found", messages.blocks.notFound);
    const operatorId = block.operator.operatorId;
    const lease = await takeLease(tx, block.clientId, operatorId);
    // The block's row lock (after the lease's, the one statement's order), held to the commit: a
    // pendency report (which takes it first too) is either committed before the check below, which
    // then sees it, or waits for this posting and then finds the block contabilised.
    const [locked] = await tx.$queryRaw<
      { version: number }[]
    >`SELECT version FROM blocks WHERE id = ${block.id} FOR UPDATE`;
    if (!locked) throw new AppError("not_found", messages.blocks.notFound);
    if (block.accountId === null) throw new AppError("conflict", messages.contabilization.notCategorized);
    if (!undo) {
      const pending = await tx.pendency.findFirst({
        where: { blockId: block.id, solvedAt: null },
        select: { id: true },
      });
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
        data: {
          via: session ? "mobile" : "desktop",
          mobileSessionId: session?.id ?? null,
          version: locked.version + 1,
        },
      },
      tx,
    );
    return { ...base, changed: true };
  });
  const db = getDb();
  const [loaded] = await loadBlockRows(db, {
    clientId: change.clientId,
    operatorId: change.operatorId,
    blockId: body.blockId,
  });
  if (!loaded) throw new AppError("not_found", messages.blocks.notFound);
  const contabilization = await loadContabilizationMonth(db, actor, change.clientId, loaded, change.leaseExpiresAt);
  return { block: loaded.block, contabilization };
}
