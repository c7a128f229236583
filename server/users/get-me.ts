import "server-only";
import type { MeAnswer } from "@/lib/contract/auth";
import { signDocumentUrl } from "@/server/documents/signed-url";
import type { Actor } from "@/server/policy/actor";

// GET /api/me/: the caller's profile and active memberships (blocked ones are absent). Everything comes
// from the actor the route wrapper already loaded: no query of its own (called on every page load).
export async function getMe({ actor }: { actor: Actor }): Promise<MeAnswer> {
  const { accounting, business, profile } = actor;
  return {
    id: actor.userId,
    name: actor.name,
    email: actor.email,
    code: profile.code,
    phone: profile.phone,
    pictureUrl: profile.pictureKey ? signDocumentUrl(profile.pictureKey) : null,
    isAccouting: Boolean(accounting),
    isBussiness: Boolean(business),
    accounting: accounting && profile.officeName ? { ...accounting, officeName: profile.officeName } : null,
    business:
      business && profile.clientName && profile.clientType
        ? {
            operatorId: business.operatorId,
            type: business.type,
            clientId: business.clientId,
            clientName: profile.clientName,
            clientType: profile.clientType,
          }
        : null,
  };
}
