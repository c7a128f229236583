import "server-only";
import type { ChangePasswordAnswer, ChangePasswordBody } from "@/lib/contract/operators";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { endSessions } from "@/server/auth/end-sessions";
import { hashPassword, verifyPassword } from "@/server/auth/passwords";
import { issueTokenPair } from "@/server/auth/sessions";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import type { Actor } from "@/server/policy/actor";

// POST /api/operator/changePassword: checks the current password, stores the new hash, ends every
// session of the user (other devices included) and hands this device a fresh pair — one transaction,
// so a failure leaves the old password and sessions untouched.
export async function changePassword({ actor, body }: { actor: Actor; body: ChangePasswordBody }): Promise<ChangePasswordAnswer> {
  const user = await getDb().user.findUniqueOrThrow({ where: { id: actor.userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw new AppError("invalid_input", messages.operators.wrongPassword);
  }
  const passwordHash = await hashPassword(body.newPassword);
  return getDb().$transaction(async (tx) => {
    // The fresh pair is issued after valid_after moves, so it outlives the sessions this ends.
    await endSessions(tx, actor.userId);
    await tx.user.update({ where: { id: actor.userId }, data: { passwordHash } });
    await writeAuditEvent({ actorUserId: actor.userId, action: "operator.password", targetType: "user", targetId: actor.userId }, tx);
    return issueTokenPair(tx, actor.userId);
  });
}
