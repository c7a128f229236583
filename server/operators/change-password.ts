import "server-only";
import type { ChangePasswordAnswer, ChangePasswordBody } from "@/lib/contract/operators";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { endSessions } from "@/server/auth/end-sessions";
import { isCurrentPassword } from "@/server/auth/current-password";
import { hashPassword } from "@/server/auth/passwords";
import { prepareSession } from "@/server/auth/sessions";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";

// POST /api/operator/changePassword: checks the current password (under the login throttle), stores the
// new hash, ends every session of the user (other devices included) and hands this device a fresh pair —
// one transaction, so a failure leaves the old password and sessions untouched. Hashing happens before
// the transaction and signing after it: no connection waits on CPU work.
export async function changePassword({
  actor,
  body,
}: {
  actor: Actor;
  body: ChangePasswordBody;
}): Promise<ChangePasswordAnswer> {
  if (!(await isCurrentPassword(actor, body.currentPassword))) {
    throw new AppError("invalid_input", messages.operators.wrongPassword);
  }
  const passwordHash = await hashPassword(body.newPassword);
  const session = await getDb().$transaction(async (tx) => {
    // The fresh pair is issued after valid_after moves, so it outlives the sessions this ends.
    await endSessions(tx, actor.userId);
    await tx.user.update({ where: { id: actor.userId }, data: { passwordHash } });
    await writeAuditEvent(
      { actorUserId: actor.userId, action: "operator.password", targetType: "user", targetId: actor.userId },
      tx,
    );
    const next = prepareSession(actor.userId);
    await tx.refreshToken.create({ data: next.row });
    return next;
  });
  return session.sign();
}
