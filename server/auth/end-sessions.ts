import "server-only";
import type { Tx } from "@/server/db/client";

/**
 * Ends every session of a user at once, inside the transaction of the change that calls for it (password
 * change or reset, blocking, removal): its refresh tokens are revoked, which also ends each login session
 * (family) that the per-call actor load checks, and `valid_after` moves to now, so any access token issued
 * before this instant is refused on its next call (compared to the millisecond). Returns that instant.
 */
export async function endSessions(tx: Tx, userId: number): Promise<Date> {
  const now = new Date();
  await tx.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  await tx.user.update({ where: { id: userId }, data: { validAfter: now } });
  return now;
}

/**
 * Ends one login session (logout, a refresh token replayed after the grace window, a session of a user
 * who can no longer enter): every refresh token of the family is revoked, and the access tokens of the
 * family are refused on their next call (the actor load asks for a revoked token of the family).
 */
export async function endSession(db: Pick<Tx, "refreshToken">, familyId: string, userId?: number): Promise<void> {
  await db.refreshToken.updateMany({
    where: { familyId, ...(userId ? { userId } : {}), revokedAt: null },
    data: { revokedAt: new Date() },
  });
}
