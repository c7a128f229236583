import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import { getConfig } from "@/server/config";

// SimpleJWT-style HS256 pair (spec §7). The access token is stateless (5 min); the refresh token's
// jti is stored hashed and consumed once (server/auth/refresh.ts).
// issuedAtMs: JWT's iat is in whole seconds, too coarse to refuse a token issued in the same second
// as a password change or a block; the access token also carries its issue time in milliseconds.
export type AccessClaims = { userId: number; issuedAtMs: number };
export type RefreshClaims = { userId: number; jti: string; familyId: string };

let key: { secret: string; bytes: Uint8Array } | undefined;
function secretKey(): Uint8Array {
  const secret = getConfig().JWT_SECRET;
  if (key?.secret !== secret) key = { secret, bytes: new TextEncoder().encode(secret) };
  return key.bytes;
}

export const newJti = () => randomBytes(24).toString("base64url");
export const newFamilyId = () => randomUUID();
export const hashToken = (value: string) => createHash("sha256").update(value).digest("hex");

export async function signAccessToken(userId: number, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ token_type: "access", iat_ms: now.getTime() })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + getConfig().ACCESS_TOKEN_TTL)
    .setJti(newJti())
    .sign(secretKey());
}

export async function signRefreshToken(claims: RefreshClaims, expiresAt: Date, now = new Date()): Promise<string> {
  return new SignJWT({ token_type: "refresh", fam: claims.familyId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.userId))
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .setJti(claims.jti)
    .sign(secretKey());
}

async function verify(token: string, type: "access" | "refresh") {
  try {
    const { payload } = await jwtVerify(token, secretKey(), { algorithms: ["HS256"] });
    const userId = Number(payload.sub);
    if (payload.token_type !== type || !Number.isSafeInteger(userId) || userId <= 0) return null;
    return { payload, userId };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  const verified = await verify(token, "access");
  const { iat, iat_ms: iatMs } = verified?.payload ?? {};
  if (!verified || typeof iat !== "number") return null;
  return { userId: verified.userId, issuedAtMs: typeof iatMs === "number" ? iatMs : iat * 1000 };
}

export async function verifyRefreshToken(token: string): Promise<RefreshClaims | null> {
  const verified = await verify(token, "refresh");
  const { jti, fam } = verified?.payload ?? {};
  if (!verified || typeof jti !== "string" || typeof fam !== "string") return null;
  return { userId: verified.userId, jti, familyId: fam };
}
