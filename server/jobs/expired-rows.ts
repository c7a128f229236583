import "server-only";
import { DAY_MS, PRESENCE_FRESH_MS } from "@/lib/constants";
import { getConfig } from "@/server/config";
import { getDb, type Db } from "@/server/db/client";
import { INVITE_TTL_MS } from "@/server/invites/manage";
import { MAX_MAIL_ATTEMPTS } from "@/server/mail/deliver";

/**
 * A presence row no poll renewed for this long is gone for good (readers already ignore it after
 * PRESENCE_FRESH_MS).
 */
export const PRESENCE_STALE_MS = 4 * PRESENCE_FRESH_MS;
/**
 * Past their expiry, links, sessions and tokens are kept this long before they are deleted, so that for
 * a while a late click still finds the row and is told "expired", not "unknown".
 */
export const EXPIRED_ROW_GRACE_MS = DAY_MS;
/**
 * A mail_outbox row that is done (sent, or out of attempts) is kept this long after it was written, then
 * deleted: its text and html hold the raw invite or reset link, and by then every link it could carry
 * has expired (an invite lives INVITE_TTL_MS, a reset link one hour).
 */
export const MAIL_OUTBOX_RETENTION_MS = INVITE_TTL_MS;

type Options = { now?: Date; db?: Db };

export type ExpiredRowsResult = {
  presences: number;
  leases: number;
  contabilizationSessions: number;
  contabilizationLinks: number;
};

/**
 * The expired-rows-delete job (every 5 minutes): the small, busy tables of who is where. Every reader
 * already filters by time (a stale presence or an expired lease is ignored), so this only keeps them
 * small; each DELETE is one statement on its own.
 */
export async function deleteExpiredRows(options: Options = {}): Promise<ExpiredRowsResult> {
  const { now = new Date(), db = getDb() } = options;
  const stale = new Date(now.getTime() - PRESENCE_STALE_MS);
  const grace = new Date(now.getTime() - EXPIRED_ROW_GRACE_MS);
  return {
    presences: await db.$executeRaw`DELETE FROM presences WHERE seen_at < ${stale}`,
    leases: await db.$executeRaw`DELETE FROM contabilization_leases WHERE expires_at < ${now}`,
    contabilizationSessions: await db.$executeRaw`DELETE FROM contabilization_sessions WHERE expires_at < ${grace}`,
    // A link's session hangs from it (ON DELETE CASCADE): a link goes only once its session is gone.
    contabilizationLinks: await db.$executeRaw`
      DELETE FROM contabilization_links l
      WHERE l.expires_at < ${grace}
        AND NOT EXISTS (SELECT 1 FROM contabilization_sessions s WHERE s.link_id = l.id)`,
  };
}

export type ExpiredTokensResult = {
  refreshTokens: number;
  passwordResetTokens: number;
  loginThrottles: number;
  mailOutbox: number;
};

/**
 * The expired-tokens-delete job (hourly): login sessions past their absolute end, spent reset links,
 * throttle counters whose window closed, and old outbox mail (with the links it carried). These tables
 * grow with every login, so once an hour is enough.
 */
export async function deleteExpiredTokens(options: Options = {}): Promise<ExpiredTokensResult> {
  const { now = new Date(), db = getDb() } = options;
  const grace = new Date(now.getTime() - EXPIRED_ROW_GRACE_MS);
  const throttleWindow = new Date(now.getTime() - Math.max(getConfig().LOGIN_WINDOW * 1000, DAY_MS));
  const mailRetention = new Date(now.getTime() - MAIL_OUTBOX_RETENTION_MS);
  return {
    // A login session can never be refreshed past family_expires_at; its access tokens died minutes later.
    refreshTokens: await db.$executeRaw`DELETE FROM refresh_tokens WHERE family_expires_at < ${grace}`,
    passwordResetTokens: await db.$executeRaw`DELETE FROM password_reset_tokens WHERE expires_at < ${grace}`,
    // A throttle row whose window ended counts as no row (throttle.ts restarts the window).
    loginThrottles: await db.$executeRaw`
      DELETE FROM login_throttles
      WHERE window_start < ${throttleWindow} AND (locked_until IS NULL OR locked_until < ${now})`,
    // Only mail that is done: a row still unsent with attempts left is the mail jobs' work, however old,
    // and one a runner is sending right now (its last attempt) is left to that runner.
    mailOutbox: await db.$executeRaw`
      DELETE FROM mail_outbox
      WHERE created_at < ${mailRetention} AND (sent_at IS NOT NULL OR attempts >= ${MAX_MAIL_ATTEMPTS})
        AND (sending_until IS NULL OR sending_until <= ${now})`,
  };
}
