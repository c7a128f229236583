import "server-only";
import { getConfig } from "@/server/config";
import type { Prisma, Tx } from "@/server/db/client";
import { hashToken, newFamilyId, newJti, signAccessToken, signRefreshToken } from "./tokens";

export type TokenPair = { access: string; refresh: string };

/** A refresh token about to be stored, and the pair that goes with it once the row is written. */
export type PendingSession = {
  row: Prisma.RefreshTokenUncheckedCreateInput;
  sign: () => Promise<TokenPair>;
};

/**
 * Prepares a token pair of `family` (a new login session when omitted): the refresh-token row to
 * insert and the signing of both tokens. Callers write the row inside their transaction and sign
 * outside it, so no database connection waits on CPU work. The refresh token never outlives the
 * family's absolute limit (SESSION_MAX_AGE from the login).
 */
export function prepareSession(userId: number, family?: { id: string; expiresAt: Date }): PendingSession {
  const config = getConfig();
  const now = new Date();
  const familyId = family?.id ?? newFamilyId();
  const familyExpiresAt = family?.expiresAt ?? new Date(now.getTime() + config.SESSION_MAX_AGE * 1000);
  const expiresAt = new Date(Math.min(now.getTime() + config.REFRESH_TOKEN_TTL * 1000, familyExpiresAt.getTime()));
  const jti = newJti();
  return {
    row: { userId, familyId, tokenHash: hashToken(jti), expiresAt, familyExpiresAt },
    sign: async () => {
      const [access, refresh] = await Promise.all([
        signAccessToken(userId, familyId, now),
        signRefreshToken({ userId, jti, familyId }, expiresAt, now),
      ]);
      return { access, refresh };
    },
  };
}

/** Writes a new session's refresh token inside `tx` and signs the pair (for paths that are not hot). */
export async function issueTokenPair(
  tx: Tx,
  userId: number,
  family?: { id: string; expiresAt: Date },
): Promise<TokenPair> {
  const session = prepareSession(userId, family);
  await tx.refreshToken.create({ data: session.row });
  return session.sign();
}
