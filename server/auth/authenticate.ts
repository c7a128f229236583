import "server-only";
import { messages } from "@/lib/i18n/messages";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { clientRemovedError } from "./client-removed";
import { issuedBeforeValidAfter, loadActor, type LoadedActor } from "./load-actor";
import { verifyAccessToken, type AccessClaims } from "./tokens";

const BEARER = /^Bearer\s+(\S+)$/i;

// Bearer access token → Actor, checked against the database: a deleted user, a password change
// (valid_after), a blocked membership or a revoked login session (logout) takes effect on the next
// call, not when the token expires.
export async function authenticate(authorization: string | null): Promise<Actor> {
  const claims = await claimsOf(authorization);
  return checked(claims, await loadActor(claims.userId, claims.familyId));
}

/** The verified claims of the bearer token (no database); 401 when there are none. */
async function claimsOf(authorization: string | null): Promise<AccessClaims> {
  const token = authorization?.match(BEARER)?.[1];
  const claims = token ? await verifyAccessToken(token) : null;
  if (!claims) throw new AppError("unauthenticated", messages.api.unauthenticated);
  return claims;
}

function checked(claims: AccessClaims, loaded: LoadedActor | null): Actor {
  if (!loaded || loaded.sessionEnded || issuedBeforeValidAfter(claims.issuedAtMs, loaded.validAfter)) {
    throw new AppError("unauthenticated", messages.api.unauthenticated);
  }
  const { actor, hasBlockedMembership, clientRemoved } = loaded;
  if (!actor.accounting && !actor.business && clientRemoved) throw clientRemovedError("unauthenticated");
  if (!actor.accounting && !actor.business && hasBlockedMembership) {
    throw new AppError("unauthenticated", messages.validation.blocked);
  }
  return actor;
}
