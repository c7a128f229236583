import "server-only";
import { CATEGORIZATION_AVATARS_MAX } from "@/lib/constants";
import type { BlockSyncAnswer, BlockUnsyncBody, CategorizationClientBody } from "@/lib/contract/categorization";
import { Prisma, getDb } from "@/server/db/client";
import { leaveScreen, SCREEN, screenHeartbeat } from "@/server/presence/screen-presence";
import type { Actor, AccountingMembership } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { loadCategorizationClient, lockOperatorQueue, queueCount, releaseClaims, renewClaimsCte } from "./queue";

/**
 * POST /api/operator/sync/block {clientId} — the heartbeat of the categorization screen, polled every
 * POLL_INTERVAL_MS: records the caller on the screen, renews its claims on the client's blocks and
 * answers the queue's count and the office's operators on the screen (not blocked, presence younger
 * than PRESENCE_FRESH_MS), the caller first, at most CATEGORIZATION_AVATARS_MAX. One statement after
 * the client's scope check.
 */
export async function syncBlock({
  actor,
  body,
}: {
  actor: Actor;
  body: CategorizationClientBody;
}): Promise<BlockSyncAnswer> {
  const db = getDb();
  const client = await loadCategorizationClient(db, actor, body.clientId);
  const operatorId = client.operator.operatorId;
  const { count, operators } = await db.$transaction(async (tx) => {
    await lockOperatorQueue(tx, operatorId);
    return screenHeartbeat(tx, {
      userId: actor.userId,
      clientId: client.id,
      screen: SCREEN.categorization,
      members: Prisma.sql`JOIN accounting_operators ao ON ao.user_id = here.user_id AND ao.office_id =
        ${client.officeId} AND NOT ao.blocked`,
      count: queueCount(client.id),
      alongside: renewClaimsCte({ clientId: client.id, operatorId }),
      limit: CATEGORIZATION_AVATARS_MAX,
    });
  });
  return { uncategorizedCount: count, operators };
}

/**
 * POST /api/operator/unsync/block {clientId?} — the caller left the categorization screen (of that
 * client, or of every client without clientId): its presence rows go and its claims are released at
 * once, so colleagues get those blocks without waiting for the claims to expire. Touches only the
 * caller's own rows: nothing to find, nothing to refuse but a caller without an office (403).
 */
export async function unsyncBlock({
  actor,
  body,
}: {
  actor: Actor;
  body: BlockUnsyncBody;
}): Promise<Record<string, never>> {
  assertCan(actor, "platform.accounting", null);
  const operatorId = (actor.accounting as AccountingMembership).operatorId;
  await getDb().$transaction(async (tx) => {
    await lockOperatorQueue(tx, operatorId);
    await leaveScreen(tx, { userId: actor.userId, clientId: body.clientId, screen: SCREEN.categorization });
    await releaseClaims(tx, { operatorId, clientId: body.clientId });
  });
  return {};
}
