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
