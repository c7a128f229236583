import "server-only";
import { messages } from "@/lib/i18n/messages";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { preparedQuery } from "@/server/db/client";
import { clientRemovedError } from "./client-removed";
import { issuedBeforeValidAfter, loadActor, splitActorRows, type LoadedActor } from "./load-actor";
import { verifyAccessToken, type AccessClaims } from "./tokens";

const BEARER = /^Bearer\s+(\S+)$/i;

// Bearer access token → Actor, checked against the database: a deleted user, a password change
// (valid_after), a blocked membership or a revoked login session (logout) takes effect on the next
// call, not when the token expires.
export async function authenticate(authorization: string | null): Promise<Actor> {
  const claims = await claimsOf(authorization);
  return checked(claims, await loadActor(claims.userId, claims.familyId));
}

/**
 * A prepared statement of a hot read that runs beside the actor load (withActorSql), or with `write` a
 * write (withActorWriteSql: the token's issue instant is bound at $3, before `values`). `held`: what
 * the read's builder hands to the route's handler with the rows (an answer kept by this process that
 * the statement was asked to confirm still holds: server/blocks/month-cache.ts).
 */
export type ActorRead = { name: string; sql: string; values: unknown[]; key: string; write?: boolean; held?: unknown };

/**
 * authenticate() and one read in a single round trip (withActorSql): the same checks of the same
 * rows — token, user, session, password change, blocked membership — before any data row is
 * returned; a refused caller's data is never looked at.
 */
export async function authenticateWithRead<R>(
  authorization: string | null,
  read: ActorRead,
): Promise<{ actor: Actor; rows: R[] }> {
  const claims = await claimsOf(authorization);
  const values = read.write
    ? [claims.userId, claims.familyId, new Date(claims.issuedAtMs), ...read.values]
    : [claims.userId, claims.familyId, ...read.values];
  const all = await preparedQuery<{ actor: Record<string, unknown> | null }>(read.name, read.sql, values, {
    write: read.write,
  });
  const { loaded, rows } = splitActorRows<R>(all, read.key);
  return { actor: checked(claims, loaded), rows };
}

/** The verified claims of the bearer token (no database); 401 when there are none. */
export async function claimsOf(authorization: string | null): Promise<AccessClaims> {
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
