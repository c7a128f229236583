import "server-only";
import { messages } from "@/lib/i18n/messages";
import { getConfig } from "@/server/config";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";

// Login throttling in PostgreSQL (shared by every app instance), over a fixed window of LOGIN_WINDOW
// seconds. An attempt is RESERVED (counted) in one atomic statement before the password is verified,
// so parallel guesses cannot all be checked before the first one is counted. A verified password gives
// the attempt back (the account's counts are cleared); an attempt that never reached verification (the
// server shed it) is given back too.
//
// A login is counted on three keys (docs/decisions/0051):
// - the account AND the address it comes from (`seen`: the address as seen, or the proxy's header when
//   TRUST_PROXY): past LOGIN_MAX_FAILURES that address gets 429 for that account. A stranger's wrong
//   passwords lock the stranger, never the owner at another address;
// - the account alone: past LOGIN_MAX_FAILURES every attempt on it is slowed down (LOGIN_SLOWDOWN_MS
//   before it is verified), not refused: a guesser spread over many addresses is slowed, the owner still
//   gets in;
// - the trusted address alone (TRUST_PROXY; see clientAddress), 5 x LOGIN_MAX_FAILURES over every
//   account (an office shares one public IP): 429.
// Callers that pass no `seen` (a password re-checked by a logged-in user, an invite's acceptance) keep
// the account limit as a refusal.
const ADDRESS_FACTOR = 5;
/** How long an attempt on an account past its limit waits before it is verified. */
export const LOGIN_SLOWDOWN_MS = 2_000;

/**
 * `scope`: counters of their own for another use of the table (sign-up's "register"). Its keys start
 * with the scope, never with 'email:' or 'ip:', so no login username (free text) can name them: a login
 * as 'register:bob@x' counted on Bob's sign-up when the scope was a prefix of the e-mail.
 * `seen`: the caller's address as seen (or null when unknown), for the account-and-address key; absent,
 * the account limit refuses.
 */
export type ThrottleKeys = { email: string; address: string | null; seen?: string | null; scope?: string };
export type Reservation = { clearOnSuccess: string[]; keys: string[]; slowed: boolean };
export type AttemptOutcome = "wrong_password" | "verified" | "not_verified";

type Row = { key: string; failures: number; retry_after: number };

/**
 * A key an attempt counts on: its limit, whether passing it refuses (else it slows down), whether a verified
 * password clears it.
 */
type Limit = { max: number; refuses: boolean; clears: boolean };

function limits({ email, address, seen, scope }: ThrottleKeys): Map<string, Limit> {
  const max = getConfig().LOGIN_MAX_FAILURES;
  const prefix = scope ? `${scope}|` : "";
  const paired = seen !== undefined;
  const keys = new Map<string, Limit>([[`${prefix}email:${email}`, { max, refuses: !paired, clears: true }]]);
  // The address first: it is ours (no '|'), so no e-mail can make one pair's key another's.
  if (paired) keys.set(`${prefix}pair:${seen ?? "?"}|${email}`, { max, refuses: true, clears: true });
  if (address) keys.set(`${prefix}ip:${address}`, { max: max * ADDRESS_FACTOR, refuses: true, clears: false });
  return keys;
}

/**
 * Counts one attempt on every key; 429 with Retry-After when a refusing key is already past its limit.
 * `slowed`: an account past its limit (the caller waits LOGIN_SLOWDOWN_MS before verifying).
 */
export async function reserveAttempt(keys: ThrottleKeys): Promise<Reservation> {
  const keyed = [...limits(keys)];
  const hard = new Map(keyed.filter(([, limit]) => limit.refuses).map(([key, limit]) => [key, limit.max]));
  const soft = new Map(keyed.filter(([, limit]) => !limit.refuses).map(([key, limit]) => [key, limit.max]));
  const rows = await countKeys(
    keyed.map(([key]) => key),
    getConfig().LOGIN_WINDOW,
  );
  refuseOver(rows, hard, messages.api.tooManyLogins);
  const slowed = rows.some((row) => row.failures > (soft.get(row.key) ?? Infinity));
  return {
    clearOnSuccess: keyed.filter(([, limit]) => limit.clears).map(([key]) => key),
    keys: keyed.map(([key]) => key),
    slowed,
  };
}

/**
 * Counts one use on every key of `max` (key → its limit) in a fixed window of `window` seconds, in one
 * statement; past a key's limit, 429 with `message` and Retry-After (the count stays: every try counts).
 * The login throttle's table and arithmetic, for other uses with limits of their own (invites).
 */
export async function countWithin(max: ReadonlyMap<string, number>, window: number, message: string): Promise<void> {
  refuseOver(await countKeys([...max.keys()], window), max, message);
}

async function countKeys(names: string[], window: number): Promise<Row[]> {
  return getDb().$queryRaw<Row[]>`
    INSERT INTO login_throttles AS t (key, failures, window_start)
    SELECT k, 1, now() FROM unnest(${names}::text[]) AS k
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN t.window_start <= now() - make_interval(secs => ${window}) THEN 1 ELSE t.failures + 1 END,
      window_start = CASE WHEN t.window_start <= now() - make_interval(secs => ${window}) THEN now() ELSE
        t.window_start END
    RETURNING key, failures,
      ceil(extract(epoch FROM t.window_start + make_interval(secs => ${window}) - now()))::int AS retry_after`;
}

function refuseOver(rows: Row[], max: ReadonlyMap<string, number>, message: string): void {
  const over = rows.filter((row) => row.failures > (max.get(row.key) ?? Infinity));
  if (over.length > 0) {
    const retryAfter = Math.max(1, ...over.map((row) => row.retry_after));
    throw new AppError("rate_limited", message, { headers: { "Retry-After": String(retryAfter) } });
  }
}

/**
 * Settles a reservation: a wrong password stays counted; a verified password clears the account's
 * counts (its own and this address's) and gives the address its attempt back; an attempt refused before
 * verification is given back.
 */
export async function settleAttempt(reservation: Reservation, outcome: AttemptOutcome): Promise<void> {
  if (outcome === "wrong_password") return;
  const db = getDb();
  const giveBack =
    outcome === "verified" ? reservation.keys.filter((k) => !reservation.clearOnSuccess.includes(k)) : reservation.keys;
  if (outcome === "verified") await db.loginThrottle.deleteMany({ where: { key: { in: reservation.clearOnSuccess } } });
  if (giveBack.length > 0) {
    await db.$executeRaw`UPDATE login_throttles SET failures = GREATEST(failures - 1, 0) WHERE key =
      ANY(${giveBack}::text[])`;
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
    if (reservation.slowed) await new Promise((resolve) => setTimeout(resolve, LOGIN_SLOWDOWN_MS));
    ok = await verify();
  } catch (error) {
    await settleAttempt(reservation, "not_verified").catch(() => undefined);
    throw error;
  }
  await settleAttempt(reservation, ok ? "verified" : "wrong_password");
  return ok;
}
