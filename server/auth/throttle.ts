import "server-only";
import { messages } from "@/lib/i18n/messages";
import { getConfig } from "@/server/config";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/http/errors";

// Login throttling in PostgreSQL (shared by every app instance), per account and per address, over a
// fixed window of LOGIN_WINDOW seconds. An attempt is RESERVED (counted) in one atomic statement
// before the password is verified, so parallel guesses cannot all be checked before the first one is
// counted: past LOGIN_MAX_FAILURES the reservation itself answers 429. A verified password gives the
// attempt back (the account's count is cleared); an attempt that never reached verification (the
// server shed it) is given back too. An address gets more tries than an account: an office shares one
// public IP; the address key is used only when the address can be trusted (see clientAddress).
const ADDRESS_FACTOR = 5;

/**
 * `scope`: counters of their own for another use of the table (sign-up's "register"). Its keys start
 * with the scope, never with 'email:' or 'ip:', so no login username (free text) can name them: a login
 * as 'register:bob@x' counted on Bob's sign-up when the scope was a prefix of the e-mail.
 */
export type ThrottleKeys = { email: string; address: string | null; scope?: string };
export type Reservation = { emailKey: string; keys: string[] };
export type AttemptOutcome = "wrong_password" | "verified" | "not_verified";

type Row = { key: string; failures: number; retry_after: number };

function limits({ email, address, scope }: ThrottleKeys): Map<string, number> {
  const max = getConfig().LOGIN_MAX_FAILURES;
  const prefix = scope ? `${scope}|` : "";
  const keys = new Map([[`${prefix}email:${email}`, max]]);
  if (address) keys.set(`${prefix}ip:${address}`, max * ADDRESS_FACTOR);
  return keys;
}

/** Counts one attempt on every key; 429 with Retry-After when a key is already past its limit. */
export async function reserveAttempt(keys: ThrottleKeys): Promise<Reservation> {
  const max = limits(keys);
  const names = [...max.keys()];
  await countWithin(max, getConfig().LOGIN_WINDOW, messages.api.tooManyLogins);
  return { emailKey: names[0]!, keys: names };
}

/**
 * Counts one use on every key of `max` (key → its limit) in a fixed window of `window` seconds, in one
 * statement; past a key's limit, 429 with `message` and Retry-After (the count stays: every try counts).
 * The login throttle's table and arithmetic, for other uses with limits of their own (invites).
 */
export async function countWithin(max: ReadonlyMap<string, number>, window: number, message: string): Promise<void> {
  const names = [...max.keys()];
  const rows = await getDb().$queryRaw<Row[]>`
    INSERT INTO login_throttles AS t (key, failures, window_start)
    SELECT k, 1, now() FROM unnest(${names}::text[]) AS k
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN t.window_start <= now() - make_interval(secs => ${window}) THEN 1 ELSE t.failures + 1 END,
      window_start = CASE WHEN t.window_start <= now() - make_interval(secs => ${window}) THEN now() ELSE t.window_start END
    RETURNING key, failures,
      ceil(extract(epoch FROM t.window_start + make_interval(secs => ${window}) - now()))::int AS retry_after`;
  const over = rows.filter((row) => row.failures > (max.get(row.key) ?? Infinity));
  if (over.length > 0) {
    const retryAfter = Math.max(1, ...over.map((row) => row.retry_after));
    throw new AppError("rate_limited", message, { headers: { "Retry-After": String(retryAfter) } });
  }
}

/**
 * Settles a reservation: a wrong password stays counted; a verified password clears the account's
 * count and gives the address its attempt back; an attempt refused before verification is given back.
 */
export async function settleAttempt(reservation: Reservation, outcome: AttemptOutcome): Promise<void> {
  if (outcome === "wrong_password") return;
  const db = getDb();
  const giveBack = outcome === "verified" ? reservation.keys.filter((k) => k !== reservation.emailKey) : reservation.keys;
  if (outcome === "verified") await db.loginThrottle.deleteMany({ where: { key: reservation.emailKey } });
  if (giveBack.length > 0) {
    await db.$executeRaw`UPDATE login_throttles SET failures = GREATEST(failures - 1, 0) WHERE key = ANY(${giveBack}::text[])`;
  }
}

/**
 * Verifies a password under a reservation: 429 before any verification when a key is over its limit,
 * then the reservation is settled by the outcome. Anything thrown before `verify` answers (a shed hash,
 * a database error) gives the attempt back.
 */
export async function verifyWithinLimit(keys: ThrottleKeys, verify: () => Promise<boolean>): Promise<boolean> {
  const reservation = await reserveAttempt(keys);
  let ok: boolean;
  try {
    ok = await verify();
  } catch (error) {
    await settleAttempt(reservation, "not_verified").catch(() => undefined);
    throw error;
  }
  await settleAttempt(reservation, ok ? "verified" : "wrong_password");
  return ok;
}
