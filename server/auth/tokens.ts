import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import { LRUCache } from "lru-cache";
import { getConfig } from "@/server/config";

// SimpleJWT-style HS256 pair (spec §7). Both tokens belong to a login session (`fam`, the refresh
// family): the access token is checked against it on every call (server/auth/load-actor.ts), so
// logging out or revoking the session ends the access token at once, not when it expires. The refresh
// token's jti is stored hashed and consumed once (server/auth/refresh.ts).
// issuedAtMs: JWT's iat is in whole seconds, too coarse to refuse a token issued in the same second
// as a password change or a block; the access token also carries its issue time in milliseconds.
export type AccessClaims = { userId: number; familyId: string; issuedAtMs: number };
export type RefreshClaims = { userId: number; jti: string; familyId: string };

const ALGORITHM = "HS256";
const HEADER_TYPE = "JWT";
// Users are SERIAL (int4): a larger `sub` cannot be ours, and must not reach a query as a bigint.
const MAX_USER_ID = 2_147_483_647;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The secret as a CryptoKey imported once: given raw bytes, jose imports a key on every sign and verify.
let key: { secret: string; crypto: Promise<CryptoKey> } | undefined;
function secretKey(): Promise<CryptoKey> {
  const secret = getConfig().JWT_SECRET;
  if (key?.secret !== secret) {
    const bytes = new TextEncoder().encode(secret);
    const algorithm = { name: "HMAC", hash: "SHA-256" };
    key = { secret, crypto: crypto.subtle.importKey("raw", bytes, algorithm, false, ["sign", "verify"]) };
  }
  return key.crypto;
}

export const newJti = () => randomBytes(24).toString("base64url");
export const newFamilyId = () => randomUUID();
export const hashToken = (value: string) => createHash("sha256").update(value).digest("hex");

export async function signAccessToken(userId: number, familyId: string, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ token_type: "access", iat_ms: now.getTime(), fam: familyId })
    .setProtectedHeader({ alg: ALGORITHM, typ: HEADER_TYPE })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + getConfig().ACCESS_TOKEN_TTL)
    .setJti(newJti())
    .sign(await secretKey());
}

export async function signRefreshToken(claims: RefreshClaims, expiresAt: Date, now = new Date()): Promise<string> {
  return new SignJWT({ token_type: "refresh", fam: claims.familyId })
    .setProtectedHeader({ alg: ALGORITHM, typ: HEADER_TYPE })
    .setSubject(String(claims.userId))
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .setJti(claims.jti)
    .sign(await secretKey());
}

// An HS256 signature is 32 bytes: 43 base64url characters, the last of which carries 2 unused bits.
// jose decodes leniently (as Buffer does), so a last character that differs only in those bits would
// verify too: one token would have several spellings, each a new entry in any log or deny-list keyed
// by the token. Only the one canonical spelling is accepted.
const SIGNATURE_LENGTH = 43;
function hasCanonicalSignature(token: string): boolean {
  const signature = token.slice(token.lastIndexOf(".") + 1);
  return (
    signature.length === SIGNATURE_LENGTH && Buffer.from(signature, "base64url").toString("base64url") === signature
  );
}

/**
 * Verifies signature, algorithm (HS256 only), header type, expiry and the claims every token of ours
 * carries (exp, iat, sub, jti, fam, token_type); anything missing or of the wrong kind is refused.
 */
async function verify(token: string, type: "access" | "refresh") {
  if (!hasCanonicalSignature(token)) return null;
  try {
    const { payload } = await jwtVerify(token, await secretKey(), {
      algorithms: [ALGORITHM],
      typ: HEADER_TYPE,
      requiredClaims: ["exp", "iat", "sub", "jti"],
    });
    const userId = /^[1-9][0-9]{0,9}$/.test(payload.sub ?? "") ? Number(payload.sub) : NaN;
    if (
      payload.token_type !== type ||
      !(userId <= MAX_USER_ID) ||
      typeof payload.fam !== "string" ||
      !UUID.test(payload.fam)
    ) {
      return null;
    }
    return { payload, userId, familyId: payload.fam };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

// The access tokens this process verified lately, with their expiry: a client sends the same token on
// every call for its lifetime, and its signature and claims cannot change, so the HS256 check runs once
// per token and process. Only the token's own checks are kept; what the database says of its user and
// session (server/auth/authenticate.ts) is asked on every call. Kept per secret: a new JWT_SECRET
// verifies again.
type VerifiedAccess = { claims: AccessClaims; expiresAtMs: number; secret: string };
const verifiedAccess = new LRUCache<string, VerifiedAccess>({ max: 10_000 });

export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  const secret = getConfig().JWT_SECRET;
  const known = verifiedAccess.get(token);
  if (known && known.secret === secret && Date.now() < known.expiresAtMs) return known.claims;
  const checked = await verify(token, "access");
  const issuedAtMs = checked?.payload.iat_ms;
  const exp = checked?.payload.exp;
  if (!checked || typeof issuedAtMs !== "number" || !Number.isSafeInteger(issuedAtMs) || exp === undefined) {
    return null;
  }
  const claims = { userId: checked.userId, familyId: checked.familyId, issuedAtMs };
  verifiedAccess.set(token, { claims, expiresAtMs: exp * 1000, secret });
  return claims;
}

export async function verifyRefreshToken(token: string): Promise<RefreshClaims | null> {
  const verified = await verify(token, "refresh");
  const jti = verified?.payload.jti;
  if (!verified || typeof jti !== "string") return null;
  return { userId: verified.userId, jti, familyId: verified.familyId };
}
