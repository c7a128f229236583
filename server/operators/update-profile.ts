import "server-only";
import type { OperatorAnswer, OperatorProfileData } from "@/lib/contract/operators";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb, Prisma } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import type { Actor } from "@/server/policy/actor";
import { selectOperator } from "./operator-rows";
import { membershipOn, resolvePlatform } from "./platform";

// POST /api/operator/profile: the caller's own Nome, CPF, E-mail and Telefone ('Perfil' panel). The body
// arrives validated and in stored form (digits only, e-mail lower case).
export async function updateProfile({ actor, body }: { actor: Actor; body: OperatorProfileData }): Promise<OperatorAnswer> {
  const own = membershipOn(actor, resolvePlatform(actor, body.platform));
  try {
    return await getDb().$transaction(async (tx) => {
      const taken = await tx.user.findFirst({ where: { email: body.email, id: { not: actor.userId } }, select: { id: true } });
      if (taken) throw new AppError("conflict", messages.operators.emailInUse);
      const data = { name: body.name, code: body.code, email: body.email, phone: body.phone };
      await tx.user.update({ where: { id: actor.userId }, data });
      const before = current(actor);
      const changed = (Object.keys(data) as (keyof typeof data)[]).filter((key) => data[key] !== before[key]);
      await writeAuditEvent(
        { actorUserId: actor.userId, ...scopeOf(own), action: "operator.profile", targetType: "user", targetId: actor.userId, data: { changed } },
        tx,
      );
      return selectOperator(tx, own.platform, own.membership.operatorId);
    });
  } catch (error) {
    // Two users claiming the same e-mail at once: the unique index settles it.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("conflict", messages.operators.emailInUse);
    }
    throw error;
  }
}

function current(actor: Actor) {
  return { name: actor.name, code: actor.profile.code, email: actor.email, phone: actor.profile.phone };
}

function scopeOf(own: ReturnType<typeof membershipOn>): { officeId?: number; clientId?: number } {
  return own.platform === "accounting" ? { officeId: own.membership.officeId } : { clientId: own.membership.clientId };
}
