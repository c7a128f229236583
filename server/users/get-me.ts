import "server-only";
import type { MeAnswer } from "@/lib/contract/auth";
import { getDb } from "@/server/db/client";
import { signDocumentUrl } from "@/server/documents/signed-url";
import type { Actor } from "@/server/policy/actor";

// GET /api/me/: the caller's profile and active memberships (blocked ones are absent).
export async function getMe({ actor }: { actor: Actor }): Promise<MeAnswer> {
  const db = getDb();
  const [user, office, client] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { code: true, phone: true, pictureKey: true } }),
    actor.accounting
      ? db.accountingOffice.findUniqueOrThrow({ where: { id: actor.accounting.officeId }, select: { name: true } })
      : null,
    actor.business
      ? db.client.findUniqueOrThrow({ where: { id: actor.business.clientId }, select: { name: true, type: true } })
      : null,
  ]);
  return {
    id: actor.userId,
    name: actor.name,
    email: actor.email,
    code: user.code,
    phone: user.phone,
    pictureUrl: user.pictureKey ? signDocumentUrl(user.pictureKey) : null,
    isAccouting: Boolean(actor.accounting),
    isBussiness: Boolean(actor.business),
    accounting: actor.accounting && office ? { ...actor.accounting, officeName: office.name } : null,
    business:
      actor.business && client
        ? { operatorId: actor.business.operatorId, type: actor.business.type, clientId: actor.business.clientId, clientName: client.name, clientType: client.type }
        : null,
  };
}
