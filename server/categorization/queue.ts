import "server-only";
import { CATEGORIZATION_AVATARS_MAX, CATEGORIZATION_CLAIM_MS } from "@/lib/constants";
import type { CategorizationBlock } from "@/lib/contract/categorization";
import { messages } from "@/lib/i18n/messages";
import { centsToDecimalText } from "@/lib/format/money";
import { getDb, Prisma, statementRows, type Db, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { OPERATOR_TYPE, type Actor, type AccountingMembership } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { clientsVisibleTo, workScopeOf } from "@/server/policy/scopes";
import { blockRowsSql, toLoaded, type BlockRow, type LoadedBlock } from "@/server/blocks/rows";
import { SCREEN } from "@/server/presence/screen-presence";

// The categorization queue of a client: its live blocks without an account and without an
// open pendency, oldest sent first. Each block handed out is claimed for one operator (blocks.claimed_by_id,
// claimed_until) so that two operators on one client never get the same block while the claim lasts.

/** The key space of the operator's queue lock (lockOperatorQueue; the claim takes it too). */
const QUEUE_LOCK_SPACE = 0x0b10c0;

/** How many blocks one tocategorize hands out and claims: the one to show and the prefetched next. */
export const CLAIMED_PER_CALL = 2;

// The queue's conditions on the alias `b`, but the client's.
const IN_QUEUE = `b.account_id IS NULL AND b.contabilized_at IS NULL AND b.devolved_at IS NULL AND b.undone_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM pendencies p WHERE p.block_id = b.id AND p.solved_at IS NULL)`;

/**
 * A scalar SQL expression: how many blocks the client's queue holds (claimed or not). The Categorizar
 * badge's own number (client_block_counts.uncategorized, kept by the triggers whose block_counted() is
 * IN_QUEUE's predicate: migration 20261128102000), so badge and screen read one count.
 */
export function queueCount(clientId: number): Prisma.Sql {
  return Prisma.sql`COALESCE((SELECT k.uncategorized FROM client_block_counts k WHERE k.client_id = ${clientId}), 0)`;
}

/** The claim's caller as the work scope's expressions (workScopeOf): an accounting operator, no company. */
const WRITER_SCOPE = {
  office: "writer.office_id",
  owner: "writer.owner",
  operator: "writer.operator_id",
  company: "NULL::int",
} as const;

const QUEUE_COUNT_OF_CLAIM =
  "COALESCE((SELECT k.uncategorized FROM client_block_counts k WHERE k.client_id = $5::int), 0)";

export type CategorizationClient = {
  id: number;
  officeId: number;
  responsibleOperatorId: number;
  operator: AccountingMembership;
};

/** The client through the tenant scope (404) and the right to work it (403: a business user). */
export async function loadCategorizationClient(
  db: Db | Tx,
  actor: Actor,
  clientId: number,
): Promise<CategorizationClient> {
  const client = await db.client.findFirst({
    where: { AND: [{ id: clientId }, clientsVisibleTo(actor)] },
    select: { id: true, officeId: true, responsibleOperatorId: true },
  });
  if (!client) throw new AppError("not_found", messages.office.notFound);
  assertCan(actor, "client.work", client);
  return { ...client, operator: actor.accounting as AccountingMembership };
}

export type Suggestion = { accountId: number | null; date: string | null; valueCents: string | null };
/** An operator holding unexpired claims on the client's queue (by name and picture key, not signed yet). */
export type Holder = { name: string; pictureKey: string | null };
export type Claimed = {
  seen: boolean;
  busy: string | null;
  ids: number[];
  count: number;
  holders: Holder[];
  suggestions: Map<number, Suggestion>;
};

// The claim as data-modifying CTEs of ONE statement for the authenticated accounting operator `writer`
// (user $1, office $2, owner $3, operator $4; client $5, now $6, claimed until $7). A client it may not
// work (`seen` false) gets nothing written and nothing claimed. The answer's `block` (the first claimed
// in showing order, or none) is kept as the operator's shown block (`shown`: pendency/create without
// blockId). The operator's queue lock
// (lockOperatorQueue's) is the statement's first act: every CTE that locks or writes a row reads `seen`,
// which reads `lk`.
const CLAIM_CTES = `
    writer AS (SELECT $1::int AS user_id, $2::int AS office_id, $3::bool AS owner, $4::int AS operator_id),
    lk AS MATERIALIZED (
      SELECT pg_advisory_xact_lock(${QUEUE_LOCK_SPACE}, writer.operator_id) FROM writer
    ),
    seen AS (
      SELECT c.id, writer.operator_id, writer.user_id
        FROM clients c CROSS JOIN writer
       WHERE c.id = $5::int AND ${workScopeOf(WRITER_SCOPE)} AND EXISTS (SELECT 1 FROM lk)
    ),
    holder AS (
      SELECT u.name
        FROM contabilization_leases l
        JOIN accounting_operators lo ON lo.id = l.operator_id
        JOIN users u ON u.id = lo.user_id
        JOIN seen ON l.operator_id <> seen.operator_id
       WHERE l.client_id = $5::int AND l.expires_at > $6::timestamptz
       LIMIT 1
    ),
    here AS (
      INSERT INTO presences (user_id, client_id, screen, seen_at)
      SELECT seen.user_id, seen.id, '${SCREEN.categorization}', now() FROM seen WHERE NOT EXISTS (SELECT 1 FROM holder)
      ON CONFLICT (user_id, client_id, screen) DO UPDATE SET seen_at = EXCLUDED.seen_at
      RETURNING 1
    ),
    picked AS (
      SELECT b.id, (b.claimed_by_id IS NOT DISTINCT FROM seen.operator_id) AS mine, b.sent_at, seen.operator_id
        FROM blocks b JOIN seen ON b.client_id = seen.id
       WHERE b.client_id = $5::int AND ${IN_QUEUE}
         AND NOT EXISTS (SELECT 1 FROM holder)
         AND (b.claimed_by_id IS NULL OR b.claimed_by_id = seen.operator_id
              OR b.claimed_until IS NULL OR b.claimed_until <= $6::timestamptz)
       ORDER BY (b.claimed_by_id IS NOT DISTINCT FROM seen.operator_id) DESC, b.sent_at, b.id
       LIMIT ${CLAIMED_PER_CALL}
         FOR UPDATE OF b SKIP LOCKED
    ),
    claimed AS (
      UPDATE blocks SET claimed_by_id = picked.operator_id, claimed_until = $7::timestamptz
        FROM picked WHERE blocks.id = picked.id
      RETURNING blocks.id, blocks.suggested_account_id, blocks.suggested_payment_date, blocks.suggested_value_cents
    ),
    shown AS (
      UPDATE accounting_operators
         SET shown_block_id = (SELECT pk.id FROM picked pk JOIN claimed c ON c.id = pk.id
                                ORDER BY pk.mine DESC, pk.sent_at, pk.id LIMIT 1)
       WHERE id = $4::int AND EXISTS (SELECT 1 FROM seen) AND NOT EXISTS (SELECT 1 FROM holder)
    )`;
const CLAIMED_ROWS = blockRowsSql(
  { client: "$5::int", operator: "(SELECT operator_id FROM seen)" },
  "AND b.id IN (SELECT c.id FROM claimed c)",
);
// One row per claimed block (its Block columns, blockRowsSql: read in the statement's snapshot, which
// the claim's UPDATE does not change for them), each with the claim's answer; one row with null block
// columns when nothing was claimed.
const CLAIM_RESULT = `
    SELECT claim.*, br.*
      FROM (
        SELECT EXISTS (SELECT 1 FROM seen) AS seen,
               (SELECT name FROM holder) AS busy,
               (CASE WHEN EXISTS (SELECT 1 FROM seen) THEN ${QUEUE_COUNT_OF_CLAIM} ELSE 0 END)::int AS count,
               (SELECT json_agg(json_build_object('name', h.name, 'pictureKey', h.picture_key) ORDER BY h.name, h.id)
                  FROM (SELECT DISTINCT u.id, u.name, u.picture_key
                          FROM blocks b
                          JOIN seen ON b.claimed_by_id <> seen.operator_id
                          JOIN accounting_operators ao ON ao.id = b.claimed_by_id
                          JOIN users u ON u.id = ao.user_id
                         WHERE b.client_id = $5::int AND ${IN_QUEUE} AND b.claimed_until > $6::timestamptz
                           AND NOT EXISTS (SELECT 1 FROM claimed) AND NOT EXISTS (SELECT 1 FROM holder)
                         ORDER BY u.name, u.id
                         LIMIT ${CATEGORIZATION_AVATARS_MAX}) h) AS holders,
               (SELECT array_agg(pk.id ORDER BY pk.mine DESC, pk.sent_at, pk.id)
                  FROM picked pk JOIN claimed c ON c.id = pk.id) AS ids,
               (SELECT json_agg(json_build_object('id', c.id, 'accountId', c.suggested_account_id,
                                                  'date', to_char(c.suggested_payment_date, 'YYYY-MM-DD'),
                                                  'valueCents', c.suggested_value_cents::text))
                  FROM claimed c) AS suggestions
      ) claim
      LEFT JOIN LATERAL (${CLAIMED_ROWS}) br ON TRUE`;
const CLAIM_SQL = `WITH ${CLAIM_CTES}
${CLAIM_RESULT}`;

/**
 * Takes the operator to the categorization screen of the client and claims up to CLAIMED_PER_CALL
 * blocks of the queue for it, in ONE statement, after the operator's queue lock: when the caller may not
 * work the client (`seen` false) nothing is written; when another operator holds the client's unexpired
 * contabilization lease, nothing is written and `busy` names the holder; otherwise the caller's
 * presence is upserted and the candidates — free, expired or already the caller's, the caller's own
 * first (so the block on screen and the prefetched one keep their places), then oldest sent — are
 * locked FOR UPDATE SKIP LOCKED (a block another call is claiming right now is skipped, never waited
 * for) and claimed by the UPDATE beside them. Its row (claimedOf) has the ids in showing order, their
 * suggestions, the queue's count and, when nothing was claimed, the colleagues whose unexpired claims
 * hold what is left (`holders`: the screen says the remaining blocks are with them).
 */
export async function claimBlocks(
  actor: Actor,
  operator: AccountingMembership,
  clientId: number,
): Promise<Claimed & { blocks: CategorizationBlock[] }> {
  const now = new Date();
  const owner = operator.type === OPERATOR_TYPE.owner;
  const until = new Date(now.getTime() + CATEGORIZATION_CLAIM_MS);
  const rows = await statementRows<ClaimRow>(getDb(), CLAIM_SQL, [
    actor.userId,
    operator.officeId,
    owner,
    operator.operatorId,
    clientId,
    now,
    until,
  ]);
  return claimedOf(rows);
}

type ClaimRow = {
  seen: boolean;
  busy: string | null;
  ids: number[] | null;
  count: number;
  holders: Holder[] | null;
  suggestions: (Suggestion & { id: number })[] | null;
};

/**
 * The claim's rows as Claimed (no row: nothing seen) and the claimed blocks in showing order, each with
 * its suggestion.
 */
function claimedOf(rows: unknown[]): Claimed & { blocks: CategorizationBlock[] } {
  const row = rows[0] as ClaimRow | undefined;
  const claimed = {
    seen: row?.seen ?? false,
    busy: row?.busy ?? null,
    ids: row?.ids ?? [],
    count: row?.count ?? 0,
    holders: row?.holders ?? [],
    suggestions: new Map((row?.suggestions ?? []).map(({ id, ...s }) => [id, s])),
  };
  const loaded = (rows as (BlockRow | { id: null })[]).filter((one): one is BlockRow => one.id !== null).map(toLoaded);
  return { ...claimed, blocks: inShowingOrder(loaded, claimed.ids, claimed.suggestions) };
}

/**
 * The categorization calls of one operator run one at a time: tocategorize, sync/block and unsync/block
 * each take this transaction-level advisory lock first. Each of them locks the operator's presence row
 * and block rows, in an order a single statement does not fix (a claim locks its blocks, then upserts the
 * presence; a leave deletes the presence, then frees the blocks): a screen opened and left at once by one
 * operator deadlocked (40P01) without it. Colleagues never share a presence row and take blocks with SKIP
 * LOCKED, so one operator's calls are all that must not overlap.
 */
export async function lockOperatorQueue(tx: Tx, operatorId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${QUEUE_LOCK_SPACE}::int, ${operatorId}::int)`;
}

/** The claim SQL columns set free (spread into a Prisma update's data). */
export const RELEASED_CLAIM = { claimedById: null, claimedUntil: null } as const;

/** Renews the operator's claims on the client's still-uncategorised blocks: a data-modifying CTE. */
export function renewClaimsCte(p: { clientId: number; operatorId: number }): Prisma.Sql {
  const until = new Date(Date.now() + CATEGORIZATION_CLAIM_MS);
  return Prisma.sql`renewed AS (
      UPDATE blocks SET claimed_until = ${until}
       WHERE claimed_by_id = ${p.operatorId} AND client_id = ${p.clientId} AND account_id IS NULL
      RETURNING id
    )`;
}

/** Frees every claim of the operator (on one client, or all). */
export async function releaseClaims(db: Db | Tx, p: { operatorId: number; clientId?: number }): Promise<number> {
  const released = await db.block.updateMany({
    where: { claimedById: p.operatorId, ...(p.clientId === undefined ? {} : { clientId: p.clientId }) },
    data: RELEASED_CLAIM,
  });
  return released.count;
}

/** The loaded blocks in the order of `ids`, each in the Block shape plus its suggestion. */
function inShowingOrder(
  loaded: LoadedBlock[],
  ids: number[],
  suggestions: Map<number, Suggestion>,
): CategorizationBlock[] {
  const byId = new Map(loaded.map(({ block }) => [block.id, block]));
  return ids.flatMap((id) => {
    const block = byId.get(id);
    if (!block) return [];
    const s = suggestions.get(id);
    const has = s && (s.accountId !== null || s.date !== null || s.valueCents !== null);
    return [
      {
        ...block,
        suggestion: has
          ? {
              accountId: s.accountId,
              date: s.date,
              value: s.valueCents === null ? null : centsToDecimalText(BigInt(s.valueCents)),
            }
          : null,
      },
    ];
  });
}
