import "server-only";
import type { PlatformAnswer } from "@/lib/contract/operators";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";

// PATCH /api/user/platform: 'changePlataform' toggles the user's last platform between accounting and
// bussiness. Only for a user with both (active) platforms; anyone else has nothing to switch to (403).
// A user who never chose starts from the default (accounting), so the first switch goes to bussiness.
export async function switchPlatform({ actor }: { actor: Actor }): Promise<PlatformAnswer> {
  if (!actor.accounting || !actor.business) throw new AppError("forbidden", messages.operators.singlePlatform);
  return getDb().$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { lastPlatform: true } });
    const platform = user.lastPlatform === "bussiness" ? "accounting" : "bussiness";
    await tx.user.update({ where: { id: actor.userId }, data: { lastPlatform: platform } });
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        action: "user.platform",
        targetType: "user",
        targetId: actor.userId,
        data: { from: user.lastPlatform, to: platform },
      },
      tx,
    );
    return { platform };
  });
}
