import "server-only";
import type { Tx } from "@/server/db/client";

/** How long after a write the same write by the same user is taken for a repeat of it (a double click, a retry). */
export const REPEAT_WINDOW_MS = 2 * 60_000;

/**
 * Whether `userId` itself wrote `action` on this target of its company within REPEAT_WINDOW_MS: how a
 * write whose row is gone (a document deleted, restored) tells its own repeat, answered as done, from a
 * target that never was or is another's, still 404 (docs/decisions/0021-repeated-own-calls-answer-done.md).
 * On the (actor_user_id, at) index: the caller's events of the last two minutes.
 */
export async function recentOwnEvent(
  tx: Tx,
  input: { userId: number; clientId: number; action: string; targetType: string; targetId: number },
): Promise<boolean> {
  const found = await tx.auditEvent.findFirst({
    where: {
      actorUserId: input.userId,
      at: { gte: new Date(Date.now() - REPEAT_WINDOW_MS) },
      clientId: input.clientId,
      action: input.action,
      targetType: input.targetType,
      targetId: String(input.targetId),
    },
    select: { id: true },
  });
  return found !== null;
}
