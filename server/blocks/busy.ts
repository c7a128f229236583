import "server-only";
import { PRESENCE_FRESH_MS } from "@/lib/constants";
import type { Db, Tx } from "@/server/db/client";
import type { Actor } from "@/server/policy/actor";

/**
 * Who makes the client's blocks read-only for the caller , or null: another operator
 * holding the client's unexpired contabilization lease, or another operator of the office with the
 * client's categorization screen open (a presence younger than PRESENCE_FRESH_MS). The lease wins.
 *
 * Operators working side by side in the categorization screen are not busy for each other (the screen
 * shows up to seven of them; the block version settles who saves first): a caller with a fresh
 * categorization presence of its own is not held by the others' presences, only by a lease.
 */
export async function busyHolder(
  db: Db | Tx,
  actor: Actor,
  client: { id: number; officeId: number },
): Promise<string | null> {
  const operatorId = actor.accounting?.operatorId ?? -1;
  const freshSince = new Date(Date.now() - PRESENCE_FRESH_MS);
  const now = new Date();
  const rows = await db.$queryRaw<{ name: string }[]>`
    SELECT u.name
      FROM (
        SELECT lo.user_id, 0 AS rank, l.expires_at AS at
          FROM contabilization_leases l
          JOIN accounting_operators lo ON lo.id = l.operator_id
         WHERE l.client_id = ${client.id} AND l.expires_at > ${now} AND l.operator_id <> ${operatorId}
        UNION ALL
        SELECT pr.user_id, 1 AS rank, pr.seen_at AS at
          FROM presences pr
          JOIN accounting_operators po ON po.user_id = pr.user_id AND po.office_id = ${client.officeId}
         WHERE pr.client_id = ${client.id} AND pr.screen = 'categorization'
           AND pr.seen_at > ${freshSince} AND pr.user_id <> ${actor.userId}
           AND NOT EXISTS (SELECT 1 FROM presences mine
                            WHERE mine.user_id = ${actor.userId} AND mine.client_id = ${client.id}
                              AND mine.screen = 'categorization' AND mine.seen_at > ${freshSince})
      ) w
      JOIN users u ON u.id = w.user_id
     ORDER BY w.rank, w.at DESC
     LIMIT 1`;
  return rows[0]?.name ?? null;
}
