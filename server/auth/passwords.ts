import "server-only";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { messages } from "@/lib/i18n/messages";
import { getConfig } from "@/server/config";
import { AppError } from "@/server/errors";
import { WorkLimiter } from "@/server/work-limiter";

// scrypt (memory-hard, in Node itself: no native addon to install). Stored as
// `scrypt$N$r$p$salt$hash` so parameters can be raised later without breaking old hashes. N for new
// hashes is 2^PASSWORD_HASH_LOG_N (config.ts).
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
export const HASH_RETRY_AFTER_SECONDS = 2;

const busy = () =>
  new AppError("unavailable", messages.api.busy, { headers: { "Retry-After": String(HASH_RETRY_AFTER_SECONDS) } });

// Every hash runs through this limiter: at most PASSWORD_HASH_CONCURRENCY at once on libuv's thread
// pool (which then keeps free threads for JWT signing and file I/O); later hashes wait their turn, and
// one that cannot start within PASSWORD_HASH_MAX_WAIT_MS is answered 503 with Retry-After.
const hashing = new WorkLimiter({
  concurrency: () => getConfig().PASSWORD_HASH_CONCURRENCY,
  maxQueue: () => getConfig().PASSWORD_HASH_QUEUE,
  maxWaitMs: () => getConfig().PASSWORD_HASH_MAX_WAIT_MS,
  refuse: busy,
});

// A credential check (login, invite acceptance with an existing account) is admitted here BEFORE it
// touches the database: twice as many as the hashes that can run, so one check's queries overlap
// another's hash, and the rest wait for nothing but a timer. Under a burst the server thus spends its
// CPU on the logins it can finish, not on queries for logins it will shed; a caller that is not
// admitted within PASSWORD_HASH_MAX_WAIT_MS gets 503 with Retry-After. A check that could not start in
// time is refused when it arrives, from the measured duration of recent checks, and held
// PASSWORD_BUSY_HOLD_MS (5 s) before its 503 is sent, so callers that retry at once cost the server a
// request per hold, not per millisecond.
const credentialChecks = new WorkLimiter({
  concurrency: () => 2 * getConfig().PASSWORD_HASH_CONCURRENCY,
  maxQueue: () => getConfig().PASSWORD_HASH_QUEUE,
  maxWaitMs: () => getConfig().PASSWORD_HASH_MAX_WAIT_MS,
  refuseAfterMs: () => getConfig().PASSWORD_BUSY_HOLD_MS,
  refuse: busy,
});

/** Runs a whole credential check (throttle reservation, user lookup, verification) once admitted. */
export function withCredentialCheck<T>(check: () => Promise<T>): Promise<T> {
  return credentialChecks.run(check);
}

/**
 * Twice the memory scrypt needs (128 · N · r bytes) at the configured cost, or at 2^15 when it is lower
 * (hashes stored before a change of cost still verify); a stored hash that would need more is refused.
 */
const maxmem = () => 2 * 128 * 2 ** Math.max(15, getConfig().PASSWORD_HASH_LOG_N) * R;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem: maxmem() }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** getConfig().PASSWORD_HASH_LOG_N;
  const key = await derive(password, salt, { N, r: R, p: P });
  return ["scrypt", N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// Verifying against this when the e-mail is unknown keeps both answers equally slow, so response
// time does not reveal which e-mails have accounts.
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  dummyHash.catch(() => (dummyHash = undefined)); // a refused first hash must not poison every later login
  return dummyHash;
}

/** Running and waiting hashes of this process (the resilience tests and the bench read it). */
export function hashingStats() {
  return { hashing: hashing.stats(), credentialChecks: credentialChecks.stats() };
}
