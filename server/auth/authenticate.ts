import "server-only";
import { messages } from "@/lib/i18n/messages";
import { AppError } from "@/server/http/errors";
import type { Actor } from "@/server/policy/actor";
import { issuedBeforeValidAfter, loadActor } from "./load-actor";
import { verifyAccessToken } from "./tokens";

const BEARER = /^Bearer\s+(\S+)$/i;

// Bearer access token → Actor, checked against the database: a deleted user, a password change
// (valid_after), a blocked membership or a revoked login session (logout) takes effect on the next
// call, not when the token expires.
export async function authenticate(authorization: string | null): Promise<Actor> {
  const token = authorization?.match(BEARER)?.[1];
  const claims = token ? await verifyAccessToken(token) : null;
  if (!claims) throw new AppError("unauthenticated", messages.api.unauthenticated);
  const loaded = await loadActor(claims.userId, claims.familyId);
  if (!loaded || loaded.sessionEnded || issuedBeforeValidAfter(claims.issuedAtMs, loaded.validAfter)) {
    throw new AppError("unauthenticated", messages.api.unauthenticated);
  }
  const { actor, hasBlockedMembership } = loaded;
  if (!actor.accounting && !actor.business && hasBlockedMembership) {
    throw new AppError("unauthenticated", messages.validation.blocked);
  }
  return actor;
}
