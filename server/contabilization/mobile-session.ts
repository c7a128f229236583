import "server-only";
import { messages } from "@/lib/i18n/messages";
import { getDb, type Db, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { loadWorkClient, type WorkClient } from "./access";
import { hashToken } from "./tokens";
import { authenticate } from "@/server/auth/authenticate";
import { loadActor } from "@/server/auth/load-actor";

/** A phone's contabilization session: limited to one client, acting as the issuing operator. */
export type MobileSession = { id: number; clientId: number; operatorId: number };

/** Who calls a contabilization verb: a logged-in person (session null) or a phone's session. */
export type LinkCaller = { actor: Actor; session: MobileSession | null };

/**
 * The phone's session token → the issuing operator as the actor, checked against the database on every
 * call like a bearer token: an unknown, revoked or expired session, an operator since blocked or
 * removed, a password change after the session began, or an operator who no longer works on the
 * session's client (the session is then revoked) answers 401 ('scan again'). The token is not
 * a JWT, so every bearer route refuses it with 401 as well.
 */
export async function authenticateMobileSession(token: string): Promise<LinkCaller> {
  const now = new Date();
  const row = await getDb().contabilizationSession.findFirst({
    where: { tokenHash: hashToken(token), revokedAt: null, expiresAt: { gt: now } },
    select: { id: true, clientId: true, operatorId: true, createdAt: true, operator: { select: { userId: true } } },
  });
  const loaded = row ? await loadActor(row.operator.userId) : null;
  if (!row || !loaded || loaded.actor.accounting?.operatorId !== row.operatorId || loaded.validAfter > row.createdAt) {
    throw new AppError("unauthenticated", messages.contabilization.sessionEnded);
  }
  // The operator no longer works on the session's client (unshared, handed to a colleague, removed):
  // the session ends for good (401 'scan again'), never a 404 that would answer 200 again once the
  // client is shared back.
  const works = await loadWorkClient(getDb(), loaded.actor, row.clientId).then(
    () => true,
    (error: unknown) => {
      if (error instanceof AppError && (error.status === 404 || error.status === 403)) return false;
      throw error;
    },
  );
  if (!works) {
    await getDb().contabilizationSession.updateMany({
      where: { id: row.id, revokedAt: null },
      data: { revokedAt: now },
    });
    throw new AppError("unauthenticated", messages.contabilization.sessionEnded);
  }
  return { actor: loaded.actor, session: { id: row.id, clientId: row.clientId, operatorId: row.operatorId } };
}

/** `link` null or absent: the bearer token of a logged-in person; a string: the phone's session. */
export async function authenticateLinkCaller(
  authorization: string | null,
  link: string | null | undefined,
): Promise<LinkCaller> {
  if (link) return authenticateMobileSession(link);
  return { actor: await authenticate(authorization), session: null };
}

/**
 * The client of a link caller: a phone's session is bound to its one client (the body's clientId is
 * not asked); a logged-in operator names it.
 */
export async function loadCallerClient(
  db: Db | Tx,
  caller: LinkCaller,
  clientId: number | undefined,
): Promise<WorkClient> {
  return loadWorkClient(db, caller.actor, caller.session ? caller.session.clientId : (clientId ?? -1));
}
