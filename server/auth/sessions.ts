import "server-only";
import { getConfig } from "@/server/config";
import type { Tx } from "@/server/db/client";
import { hashToken, newFamilyId, newJti, signAccessToken, signRefreshToken } from "./tokens";

export type TokenPair = { access: string; refresh: string };

/**
 * Issues an access token and a refresh token of `familyId` (a new login session when omitted). The
 * refresh token never outlives the family's absolute limit (SESSION_MAX_AGE from the login).
 */
export async function issueTokenPair(
  tx: Tx,
  userId: number,
  family?: { id: string; expiresAt: Date },
): Promise<TokenPair> {
  const config = getConfig();
  const now = new Date();
  const familyId = family?.id ?? newFamilyId();
  const familyExpiresAt = family?.expiresAt ?? new Date(now.getTime() + config.SESSION_MAX_AGE * 1000);
  const expiresAt = new Date(Math.min(now.getTime() + config.REFRESH_TOKEN_TTL * 1000, familyExpiresAt.getTime()));
  const jti = newJti();
  await tx.refreshToken.create({
    data: { userId, familyId, tokenHash: hashToken(jti), expiresAt, familyExpiresAt },
  });
  const [access, refresh] = await Promise.all([
    signAccessToken(userId, now),
    signRefreshToken({ userId, jti, familyId }, expiresAt, now),
  ]);
  return { access, refresh };
}
