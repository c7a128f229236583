import "server-only";
import { messages } from "@/lib/i18n/messages";
import { getConfig } from "@/server/config";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/http/errors";

// Failed-login throttling in PostgreSQL (shared by every app instance): per account and per address,
// a fixed window of LOGIN_WINDOW seconds; past the limit the key is locked until the window ends.
// An address gets more tries than an account: an office shares one public IP. The address key is used
// only when the address can be trusted (see clientAddress); the account key always.
const ADDRESS_FACTOR = 5;

export type ThrottleKeys = { email: string; address: string | null };

const keysOf = ({ email, address }: ThrottleKeys) => [
  { key: `email:${email}`, max: () => getConfig().LOGIN_MAX_FAILURES },
  ...(address ? [{ key: `ip:${address}`, max: () => getConfig().LOGIN_MAX_FAILURES * ADDRESS_FACTOR }] : []),
];

export async function assertNotThrottled(keys: ThrottleKeys): Promise<void> {
  const rows = await getDb().loginThrottle.findMany({
    where: { key: { in: keysOf(keys).map((k) => k.key) }, lockedUntil: { gt: new Date() } },
    select: { lockedUntil: true },
  });
  if (rows.length === 0) return;
  const until = Math.max(...rows.map((r) => r.lockedUntil!.getTime()));
  const retryAfter = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  throw new AppError("rate_limited", messages.api.tooManyLogins, { headers: { "Retry-After": String(retryAfter) } });
}

export async function recordFailure(keys: ThrottleKeys): Promise<void> {
  const windowSeconds = getConfig().LOGIN_WINDOW;
  const db = getDb();
  for (const { key, max } of keysOf(keys)) {
    // One statement: a new window starts when the old one has passed; the lock is set atomically.
    await db.$executeRaw`
      INSERT INTO login_throttles (key, failures, window_start, locked_until)
      VALUES (${key}, 1, now(), CASE WHEN 1 >= ${max()} THEN now() + make_interval(secs => ${windowSeconds}) END)
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN login_throttles.window_start < now() - make_interval(secs => ${windowSeconds})
                        THEN 1 ELSE login_throttles.failures + 1 END,
        window_start = CASE WHEN login_throttles.window_start < now() - make_interval(secs => ${windowSeconds})
                            THEN now() ELSE login_throttles.window_start END,
        locked_until = CASE WHEN (CASE WHEN login_throttles.window_start < now() - make_interval(secs => ${windowSeconds})
                                       THEN 1 ELSE login_throttles.failures + 1 END) >= ${max()}
                            THEN now() + make_interval(secs => ${windowSeconds}) ELSE NULL END`;
  }
}

export async function clearFailures(email: string): Promise<void> {
  await getDb().loginThrottle.deleteMany({ where: { key: `email:${email}` } });
}
