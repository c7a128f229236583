import "server-only";
import type { ScreenOperator } from "@/lib/contract/business";
import { PRESENCE_FRESH_MS } from "@/lib/constants";
import { Prisma, type Db, type Tx } from "@/server/db/client";
import { signDocumentUrl } from "@/server/documents/signed-url";

// Who is on which screen of which client (the presences table): the heartbeat every polled screen
// sends (categorization, pendency), in one statement. A presence counts while younger than
// PRESENCE_FRESH_MS (three polls: one late or lost heartbeat does not drop anyone).

/** The presences table's screen names. */
export const SCREEN = { categorization: "categorization", pendency: "pendency" } as const;
export type ScreenName = (typeof SCREEN)[keyof typeof SCREEN];

export type ScreenHeartbeat = {
  userId: number;
  clientId: number;
  screen: ScreenName;
  /** JOIN clause(s) on `here.user_id` keeping only the people who count (same tenant, not blocked). */
  members: Prisma.Sql;
  /** A scalar SQL expression: the number the screen shows beside the avatars. */
  count: Prisma.Sql;
  /** An extra data-modifying CTE (`name AS (…)`) run in the same statement, e.g. renewing claims. */
  alongside?: Prisma.Sql;
  /** At most this many operators (the caller included); all when absent. */
  limit?: number;
};

type HeartbeatRow = { count: number; names: string[] | null; pictureKeys: (string | null)[] | null };

/**
 * Records the caller on the screen (its presence row, seen now) and answers the screen's count and the
 * people on it — the caller first, then the others by how recently they were seen. One statement: the
 * upsert and the read in one CTE (the read sees the caller through the upsert's RETURNING, since a CTE's
 * write is not visible to its sibling reads).
 */
export async function screenHeartbeat(
  db: Db | Tx,
  h: ScreenHeartbeat,
): Promise<{ count: number; operators: ScreenOperator[] }> {
  const freshSince = new Date(Date.now() - PRESENCE_FRESH_MS);
  const [row] = await db.$queryRaw<HeartbeatRow[]>`
    WITH mine AS (
      INSERT INTO presences (user_id, client_id, screen, seen_at)
      VALUES (${h.userId}, ${h.clientId}, ${h.screen}, now())
      ON CONFLICT (user_id, client_id, screen) DO UPDATE SET seen_at = EXCLUDED.seen_at
      RETURNING user_id, seen_at
    ),
    ${h.alongside ? Prisma.sql`${h.alongside},` : Prisma.empty}
    here AS (
      SELECT mine.user_id, 0 AS rank, mine.seen_at FROM mine
      UNION ALL
      SELECT pr.user_id, 1 AS rank, pr.seen_at
        FROM presences pr
       WHERE pr.client_id = ${h.clientId} AND pr.screen = ${h.screen}
         AND pr.seen_at > ${freshSince} AND pr.user_id <> ${h.userId}
    ),
    shown AS (
      SELECT u.id, u.name, u.picture_key, here.rank, here.seen_at
        FROM here
        ${h.members}
        JOIN users u ON u.id = here.user_id
       ORDER BY here.rank, here.seen_at DESC, u.id
       ${h.limit === undefined ? Prisma.empty : Prisma.sql`LIMIT ${h.limit}`}
    )
    SELECT (${h.count})::int AS count,
           (SELECT array_agg(s.name ORDER BY s.rank, s.seen_at DESC, s.id) FROM shown s) AS names,
           (SELECT array_agg(s.picture_key ORDER BY s.rank, s.seen_at DESC, s.id) FROM shown s) AS "pictureKeys"`;
  const names = row?.names ?? [];
  const keys = row?.pictureKeys ?? [];
  return {
    count: row?.count ?? 0,
    operators: names.map((name, i) => ({ name, pictureUrl: keys[i] ? signDocumentUrl(keys[i]) : null })),
  };
}

/** The caller left the screen (of one client, or of every client): its presence rows go at once. */
export async function leaveScreen(
  db: Db | Tx,
  p: { userId: number; clientId?: number; screen: ScreenName },
): Promise<void> {
  await db.presence.deleteMany({
    where: { userId: p.userId, screen: p.screen, ...(p.clientId === undefined ? {} : { clientId: p.clientId }) },
  });
}
