import "server-only";
import type { PendencySyncAnswer } from "@/lib/contract/business";
import { PRESENCE_FRESH_MS } from "@/lib/constants";
import { getDb } from "@/server/db/client";
import { signDocumentUrl } from "@/server/documents/signed-url";
import type { Actor } from "@/server/policy/actor";
import { businessCaller } from "./business-caller";
import { openPendenciesOf } from "./pendency-queue";

/** The presences table's screen name of 'Blocos com pendencia'. */
export const PENDENCY_SCREEN = "pendency";

type SyncRow = { pendencyNumber: number; names: string[] | null; pictureKeys: (string | null)[] | null };

/**
 * POST /api/operator/sync/pendency — the heartbeat of the pendency screen, polled every
 * POLL_INTERVAL_MS while it is open: records the caller on the screen (its presence row for its company,
 * seen now) and answers the open count and the company's operators on the screen — the caller first,
 * then the others by how recently they were seen. A presence counts while younger than
 * PRESENCE_FRESH_MS; blocked operators and other companies' users never show. One statement: the
 * upsert and the read in one CTE (the read sees the caller through the upsert's RETURNING, since a CTE's
 * write is not visible to its sibling reads).
 */
export async function syncPendency({ actor }: { actor: Actor }): Promise<PendencySyncAnswer> {
  const me = businessCaller(actor);
  const freshSince = new Date(Date.now() - PRESENCE_FRESH_MS);
  const [row] = await getDb().$queryRaw<SyncRow[]>`
    WITH mine AS (
      INSERT INTO presences (user_id, client_id, screen, seen_at)
      VALUES (${actor.userId}, ${me.clientId}, ${PENDENCY_SCREEN}, now())
      ON CONFLICT (user_id, client_id, screen) DO UPDATE SET seen_at = EXCLUDED.seen_at
      RETURNING user_id, seen_at
    ),
    here AS (
      SELECT mine.user_id, 0 AS rank, mine.seen_at FROM mine
      UNION ALL
      SELECT pr.user_id, 1 AS rank, pr.seen_at
        FROM presences pr
       WHERE pr.client_id = ${me.clientId} AND pr.screen = ${PENDENCY_SCREEN}
         AND pr.seen_at > ${freshSince} AND pr.user_id <> ${actor.userId}
    )
    SELECT (SELECT count(*)::int FROM (${openPendenciesOf(me.clientId)}) open) AS "pendencyNumber",
           array_agg(u.name ORDER BY here.rank, here.seen_at DESC, u.id) AS names,
           array_agg(u.picture_key ORDER BY here.rank, here.seen_at DESC, u.id) AS "pictureKeys"
      FROM here
      JOIN client_operators co ON co.user_id = here.user_id AND co.client_id = ${me.clientId} AND NOT co.blocked
      JOIN users u ON u.id = here.user_id`;
  const names = row?.names ?? [];
  const keys = row?.pictureKeys ?? [];
  return {
    pendencyNumber: row?.pendencyNumber ?? 0,
    operators: names.map((name, i) => ({ name, pictureUrl: keys[i] ? signDocumentUrl(keys[i]) : null })),
  };
}

/** POST /api/operator/unsync/pendency — the caller left the screen: its presence row goes at once. */
export async function unsyncPendency({ actor }: { actor: Actor }): Promise<Record<string, never>> {
  const me = businessCaller(actor);
  await getDb().presence.deleteMany({ where: { userId: actor.userId, clientId: me.clientId, screen: PENDENCY_SCREEN } });
  return {};
}
