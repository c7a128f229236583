import "server-only";
import type { OperatorAnswer, OperatorProfileData } from "@/lib/contract/operators";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { isCurrentPassword } from "@/server/auth/current-password";
import { getDb } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { selectOperator } from "./operator-rows";
import { membershipOn, resolvePlatform } from "./platform";

// POST /api/operator/profile: the caller's own Nome, CPF, E-mail and Telefone ('Perfil' panel). The body
// arrives validated and in stored form (digits only, e-mail lower case). A new e-mail needs the current
// password: the e-mail is the login and where 'Esqueceu a senha?' sends its link.
export async function updateProfile({
  actor,
  body,
}: {
  actor: Actor;
  body: OperatorProfileData;
}): Promise<OperatorAnswer> {
  const own = membershipOn(actor, resolvePlatform(actor, body.platform));
  if (body.email !== actor.email) await assertCurrentPassword(actor, body.currentPassword);
  try {
    return await getDb().$transaction(async (tx) => {
      const taken = await tx.user.findFirst({
        where: { email: body.email, id: { not: actor.userId } },
        select: { id: true },
      });
      if (taken) throw new AppError("conflict", messages.operators.emailInUse);
      const data = { name: body.name, code: body.code, email: body.email, phone: body.phone };
      await tx.user.update({ where: { id: actor.userId }, data });
      const before = current(actor);
      const changed = (Object.keys(data) as (keyof typeof data)[]).filter((key) => data[key] !== before[key]);
      await writeAuditEvent(
        {
          actorUserId: actor.userId,
          ...scopeOf(own),
          action: "operator.profile",
          targetType: "user",
          targetId: actor.userId,
          data: { changed },
        },
        tx,
      );
      return selectOperator(tx, own.platform, own.membership.operatorId);
    });
  } catch (error) {
    // Two users claiming the same e-mail at once: the unique index settles it.
    if (isUniqueViolation(error)) {
      throw new AppError("conflict", messages.operators.emailInUse);
    }
    throw error;
  }
}

/**
 * Without it a stolen access token (5 minutes) becomes the account: change the e-mail, then reset the
 * password through it. Each try counts as a failed login of the account (the login throttle), so the
 * token cannot be used to guess the password either. Checked before the transaction: no connection is
 * held while the password hashes.
 */
async function assertCurrentPassword(actor: Actor, password: string | undefined): Promise<void> {
  const field = (message: string) =>
    new AppError("invalid_input", message, { fields: [{ path: "currentPassword", message }] });
  if (!password) throw field(messages.operators.currentPasswordRequired);
  if (!(await isCurrentPassword(actor, password))) throw field(messages.operators.wrongPassword);
}

function current(actor: Actor) {
  return { name: actor.name, code: actor.profile.code, email: actor.email, phone: actor.profile.phone };
}

function scopeOf(own: ReturnType<typeof membershipOn>): { officeId?: number; clientId?: number } {
  return own.platform === "accounting" ? { officeId: own.membership.officeId } : { clientId: own.membership.clientId };
}
