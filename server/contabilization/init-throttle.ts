import "server-only";
import { messages } from "@/lib/i18n/messages";
import { getConfig } from "@/server/config";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";

// Failed link exchanges per address, in the login throttle's table and window (server/auth/throttle.ts):
// an attempt is counted before the link is looked up (so parallel guesses are all counted) and given
// back when the link was good. Past LOGIN_MAX_FAILURES x ADDRESS_FACTOR failures the address gets 429
// until the window ends. Only a trusted address is keyed (clientAddress): an untrusted
// X-Forwarded-For would let anyone lock out an office; the 256-bit token is the real defence.
const ADDRESS_FACTOR = 5;

type Row = { failures: number; retry_after: number };

const keyOf = (address: string) => `contabilization-link:${address}`;

export async function reserveInitAttempt(address: string | null): Promise<void> {
  if (!address) return;
  const { LOGIN_MAX_FAILURES, LOGIN_WINDOW: window } = getConfig();
  const [row] = await getDb().$queryRaw<Row[]>`
    INSERT INTO login_throttles AS t (key, failures, window_start) VALUES (${keyOf(address)}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN t.window_start <= now() - make_interval(secs => ${window}) THEN 1 ELSE t.failures + 1 END,
      window_start = CASE WHEN t.window_start <= now() - make_interval(secs => ${window}) THEN now() ELSE
        t.window_start END
    RETURNING failures, ceil(extract(epoch FROM t.window_start + make_interval(secs => ${window}) -
      now()))::int AS retry_after`;
  if (row && row.failures > LOGIN_MAX_FAILURES * ADDRESS_FACTOR) {
    throw new AppError("rate_limited", messages.contabilization.tooManyLinks, {
      headers: { "Retry-After": String(Math.max(1, row.retry_after)) },
    });
  }
}

/** A good link gives its attempt back. */
export async function giveBackInitAttempt(address: string | null): Promise<void> {
  if (!address) return;
  await getDb()
    .$executeRaw`UPDATE login_throttles SET failures = GREATEST(failures - 1, 0) WHERE key = ${keyOf(address)}`;
}
