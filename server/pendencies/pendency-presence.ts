import "server-only";
import type { PendencySyncAnswer } from "@/lib/contract/business";
import { Prisma, getDb } from "@/server/db/client";
import { SCREEN, screenHeartbeat } from "@/server/presence/screen-presence";
import type { Actor } from "@/server/policy/actor";
import { businessCaller } from "@/server/policy/business-caller";
import { openPendenciesOf } from "@/server/blocks/open-pendencies";

/** The presences table's screen name of 'Blocos com pendencia'. */
export const PENDENCY_SCREEN = SCREEN.pendency;

/**
 * POST /api/operator/sync/pendency — the heartbeat of the pendency screen, polled every
 * POLL_INTERVAL_MS while it is open: records the caller on the screen (its presence row for its company,
 * seen now) and answers the open count and the company's operators on the screen — the caller first,
 * then the others by how recently they were seen. A presence counts while younger than
 * PRESENCE_FRESH_MS; blocked operators and other companies' users never show. One statement, the
 * heartbeat every polled screen shares (server/presence/screen-presence.ts).
 */
export async function syncPendency({ actor }: { actor: Actor }): Promise<PendencySyncAnswer> {
  const me = businessCaller(actor);
  const { count, operators } = await screenHeartbeat(getDb(), {
    userId: actor.userId,
    clientId: me.clientId,
    screen: SCREEN.pendency,
    members: Prisma.sql`JOIN client_operators co ON co.user_id = here.user_id AND co.client_id =
      ${me.clientId} AND NOT co.blocked`,
    count: Prisma.sql`(SELECT count(*) FROM (${openPendenciesOf(me.clientId)}) open)`,
  });
  return { pendencyNumber: count, operators };
}

/** POST /api/operator/unsync/pendency — the caller left the screen: its presence row goes at once. */
export async function unsyncPendency({ actor }: { actor: Actor }): Promise<Record<string, never>> {
  const me = businessCaller(actor);
  await getDb().presence.deleteMany({
    where: { userId: actor.userId, clientId: me.clientId, screen: PENDENCY_SCREEN },
  });
  return {};
}
