import "server-only";
import { createHash, randomBytes } from "node:crypto";

// The QR's link token and the phone's session token: 32 random bytes as base64url (256 bits, so
// guessing is hopeless), stored only as their SHA-256 (a stolen table opens nothing). A fast hash is
// right here: the secret is random, not a password.

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
