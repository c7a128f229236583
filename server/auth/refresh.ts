import "server-only";
import { messages } from "@/lib/i18n/messages";
import type { RefreshAnswer } from "@/lib/contract/auth";
import { getConfig } from "@/server/config";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { clientRemovedError } from "./client-removed";
import { endSession } from "./end-sessions";
import { loadActor } from "./load-actor";
import { prepareSession } from "./sessions";
import { hashToken, verifyRefreshToken } from "./tokens";

const refused = () => new AppError("unauthenticated", messages.api.refreshInvalid);

type Consumed = { id: number; user_id: number; family_id: string; family_expires_at: Date; created_at: Date };

// POST /api/token/refresh/: rotation. The presented token is consumed with one conditional UPDATE that
// keeps the time of its first use. Within the grace window after it (REFRESH_REUSE_GRACE) the same token
// is rotated again, each use getting a successor of its own in the same login session: the first answer
// may never have been stored (a page reloaded or closed while its refresh was in flight, two tabs at
// once). A token used again after the window means it was stolen or replayed: the whole family (login
// session) is revoked.
export async function refreshSession(refreshToken: string): Promise<RefreshAnswer> {
  const claims = await verifyRefreshToken(refreshToken);
  if (!claims) throw refused();
  const tokenHash = hashToken(claims.jti);
  const db = getDb();
  const graceSeconds = getConfig().REFRESH_REUSE_GRACE;
  // Loaded before the transaction: the transaction's connection never waits on a second one.
  const loaded = await loadActor(claims.userId);

  const session = await db.$transaction(async (tx) => {
    const consumed = await tx.$queryRaw<Consumed[]>`
      UPDATE refresh_tokens SET used_at = COALESCE(used_at, now())
       WHERE token_hash = ${tokenHash} AND user_id = ${claims.userId} AND revoked_at IS NULL
         AND (used_at IS NULL OR used_at > now() - ${graceSeconds}::int * interval '1 second')
         AND expires_at > now() AND family_expires_at > now()
      RETURNING id, user_id, family_id::text AS family_id, family_expires_at, created_at`;
    const row = consumed[0];
    if (!row) return "unusable" as const;
    const familyStart = await tx.refreshToken.findFirst({
      where: { familyId: row.family_id },
      orderBy: { createdAt: "asc" },
      select: { createdAt: true },
    });
    const loggedOutEverywhere = loaded && familyStart && familyStart.createdAt < loaded.validAfter;
    if (!loaded || loggedOutEverywhere || (!loaded.actor.accounting && !loaded.actor.business)) {
      await endSession(tx, row.family_id);
      return loaded && !loggedOutEverywhere && loaded.clientRemoved ? ("removed" as const) : null;
    }
    const next = prepareSession(row.user_id, { id: row.family_id, expiresAt: row.family_expires_at });
    await tx.refreshToken.create({ data: next.row });
    return next;
  });
  if (session === "unusable") {
    await handleUnusable(tokenHash);
    throw refused();
  }
  if (session === "removed") throw clientRemovedError("unauthenticated");
  if (!session) throw refused();
  return session.sign(); // after commit: signing is CPU work, not the connection's
}

async function handleUnusable(tokenHash: string): Promise<void> {
  const db = getDb();
  const known = await db.refreshToken.findUnique({
    where: { tokenHash },
    select: { userId: true, familyId: true, usedAt: true, revokedAt: true },
  });
  if (!known?.usedAt || known.revokedAt) return;
  const graceMs = getConfig().REFRESH_REUSE_GRACE * 1000;
  // Within the grace the UPDATE refused it for its expiry (or its login session's), not as a reuse.
  if (Date.now() - known.usedAt.getTime() <= graceMs) return;
  await db.$transaction(async (tx) => {
    await endSession(tx, known.familyId);
    await writeAuditEvent(
      { actorUserId: known.userId, action: "auth.refresh_reuse", targetType: "session", targetId: known.familyId },
      tx,
    );
  });
}

// POST /api/token/logout/: revokes the login session of the presented refresh token (idempotent).
// The phone contabilization sessions and unused QR links the user issued as an operator end with it, as
// they do on a block or a password change: a phone left on a desk must not outlive its operator's logout.
export async function logout(refreshToken: string): Promise<Record<string, never>> {
  const claims = await verifyRefreshToken(refreshToken);
  if (!claims) return {};
  const now = new Date();
  const { userId } = claims;
  await getDb().$transaction([
    getDb().refreshToken.updateMany({
      where: { familyId: claims.familyId, userId, revokedAt: null },
      data: { revokedAt: now },
    }),
    getDb().contabilizationSession.updateMany({
      where: { operator: { userId }, revokedAt: null, expiresAt: { gt: now } },
      data: { revokedAt: now },
    }),
    getDb().contabilizationLink.updateMany({
      where: { operator: { userId }, usedAt: null, expiresAt: { gt: now } },
      data: { expiresAt: now },
    }),
  ]);
  return {};
}
