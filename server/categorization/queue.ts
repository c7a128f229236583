import "server-only";
import { CATEGORIZATION_CLAIM_MS } from "@/lib/constants";
import type { CategorizationBlock } from "@/lib/contract/categorization";
import { messages } from "@/lib/i18n/messages";
import { centsToDecimalText } from "@/lib/format/money";
import { Prisma, type Db, type Tx } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import type { Actor, AccountingMembership } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { clientsVisibleTo } from "@/server/policy/scopes";
import { loadBlockRows } from "@/server/blocks/rows";

// The categorization queue of a client (issue 9): its live blocks without an account and without an
// open pendency, oldest sent first. Each block handed out is claimed for one operator (blocks.claimed_by_id,
// claimed_until) so that two operators on one client never get the same block while the claim lasts.

/** How many blocks one tocategorize hands out and claims: the one to show and the prefetched next. */
export const CLAIMED_PER_CALL = 2;

/** The queue's conditions on the alias `b`. */
export function inQueue(clientId: number): Prisma.Sql {
  return Prisma.sql`b.client_id = ${clientId} AND b.account_id IS NULL AND b.contabilized_at IS NULL
    AND b.devolved_at IS NULL AND b.undone_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM pendencies p WHERE p.block_id = b.id AND p.solved_at IS NULL)`;
}

/** A scalar SQL expression: how many blocks the client's queue holds (claimed or not). */
export function queueCount(clientId: number): Prisma.Sql {
  return Prisma.sql`(SELECT count(*) FROM blocks b WHERE ${inQueue(clientId)})`;
}

export type CategorizationClient = { id: number; officeId: number; responsibleOperatorId: number; operator: AccountingMembership };

/** The client through the tenant scope (404) and the right to work it (403: a business user). */
export async function loadCategorizationClient(db: Db | Tx, actor: Actor, clientId: number): Promise<CategorizationClient> {
  const client = await db.client.findFirst({
    where: { AND: [{ id: clientId }, clientsVisibleTo(actor)] },
    select: { id: true, officeId: true, responsibleOperatorId: true },
  });
  if (!client) throw new AppError("not_found", messages.office.notFound);
  assertCan(actor, "client.work", client);
  return { ...client, operator: actor.accounting as AccountingMembership };
}

/**
 * Claims up to CLAIMED_PER_CALL blocks of the queue for the operator and answers their ids in showing
 * order, with the queue's count. One statement: the candidates — free, expired or already the
 * caller's, the caller's own first (so the block on screen and the prefetched one keep their places),
 * then oldest sent — are locked FOR UPDATE SKIP LOCKED (a block another call is claiming right now is
 * skipped, never waited for), and claimed by the UPDATE beside them.
 */
export async function claimNext(db: Db | Tx, p: { clientId: number; operatorId: number }): Promise<{ ids: number[]; count: number }> {
  const now = new Date();
  const until = new Date(now.getTime() + CATEGORIZATION_CLAIM_MS);
  const [row] = await db.$queryRaw<{ ids: number[] | null; count: number }[]>`
    WITH picked AS (
      SELECT b.id, (b.claimed_by_id IS NOT DISTINCT FROM ${p.operatorId}) AS mine, b.sent_at
        FROM blocks b
       WHERE ${inQueue(p.clientId)}
         AND (b.claimed_by_id IS NULL OR b.claimed_by_id = ${p.operatorId} OR b.claimed_until IS NULL OR b.claimed_until <= ${now})
       ORDER BY (b.claimed_by_id IS NOT DISTINCT FROM ${p.operatorId}) DESC, b.sent_at, b.id
       LIMIT ${CLAIMED_PER_CALL}
         FOR UPDATE OF b SKIP LOCKED
    ),
    claimed AS (
      UPDATE blocks SET claimed_by_id = ${p.operatorId}, claimed_until = ${until}
        FROM picked WHERE blocks.id = picked.id
      RETURNING blocks.id
    )
    SELECT ${queueCount(p.clientId)}::int AS count,
           (SELECT array_agg(pk.id ORDER BY pk.mine DESC, pk.sent_at, pk.id) FROM picked pk JOIN claimed c ON c.id = pk.id) AS ids`;
  return { ids: row?.ids ?? [], count: row?.count ?? 0 };
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

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The blocks with the given ids, in that order, each in the Block shape plus its suggestion. */
export async function loadQueueBlocks(db: Db | Tx, p: { clientId: number; operatorId: number; ids: number[] }): Promise<CategorizationBlock[]> {
  if (p.ids.length === 0) return [];
  const [suggestions, ...loaded] = await Promise.all([
    db.block.findMany({
      where: { id: { in: p.ids } },
      select: { id: true, suggestedAccountId: true, suggestedPaymentDate: true, suggestedValueCents: true },
    }),
    ...p.ids.map((blockId) => loadBlockRows(db, { clientId: p.clientId, operatorId: p.operatorId, blockId })),
  ]);
  const byId = new Map(suggestions.map((row) => [row.id, row]));
  return loaded.flatMap((rows) =>
    rows.map(({ block }) => {
      const s = byId.get(block.id);
      const has = s && (s.suggestedAccountId !== null || s.suggestedPaymentDate !== null || s.suggestedValueCents !== null);
      return {
        ...block,
        suggestion: has
          ? {
              accountId: s.suggestedAccountId,
              date: s.suggestedPaymentDate ? isoDate(s.suggestedPaymentDate) : null,
              value: s.suggestedValueCents === null ? null : centsToDecimalText(s.suggestedValueCents),
            }
          : null,
      };
    }),
  );
}
