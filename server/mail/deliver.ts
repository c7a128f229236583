import "server-only";
import { getConfig } from "@/server/config";
import { getDb, type MailOutbox, type Tx } from "@/server/db/client";
import { getMailTransport, type MailTransport } from "./transport";

export const MAX_MAIL_ATTEMPTS = 5;
/** Longest a send may hold its row (SMTP timeouts are shorter); past it the transaction aborts. */
const SEND_TIMEOUT_MS = 60_000;

/**
 * Claims one unsent row and counts the attempt in the same statement. The row stays locked until the
 * caller's transaction ends, and SKIP LOCKED makes every other runner (another request, another app
 * instance) pass over it: a message is never sent twice at once.
 */
export async function claimNextMail(tx: Tx, afterId = 0): Promise<MailOutbox | null> {
  const rows = await tx.$queryRaw<MailOutbox[]>`
    UPDATE mail_outbox SET attempts = attempts + 1
    WHERE id = (
      SELECT id FROM mail_outbox
      WHERE sent_at IS NULL AND attempts < ${MAX_MAIL_ATTEMPTS} AND id > ${afterId}
      ORDER BY id
      FOR UPDATE SKIP LOCKED
      LIMIT 1
    )
    RETURNING id, "to", subject, text, html, kind, created_at AS "createdAt", sent_at AS "sentAt", attempts, last_error AS "lastError"`;
  return rows[0] ?? null;
}

type Outcome = { id: number; sent: boolean } | null;

// One message per transaction: claim, send while holding the row, record sent_at or last_error.
function deliverOne(transport: MailTransport, afterId: number): Promise<Outcome> {
  return getDb().$transaction(
    async (tx) => {
      const row = await claimNextMail(tx, afterId);
      if (!row) return null;
      try {
        await transport({ to: row.to, subject: row.subject, text: row.text, html: row.html });
        await tx.mailOutbox.update({ where: { id: row.id }, data: { sentAt: new Date(), lastError: null } });
        return { id: row.id, sent: true };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await tx.mailOutbox.update({ where: { id: row.id }, data: { lastError: message.slice(0, 1000) } });
        console.error(`[mail] delivery of #${row.id} failed (attempt ${row.attempts}):`, message);
        return { id: row.id, sent: false };
      }
    },
    { timeout: SEND_TIMEOUT_MS },
  );
}

/**
 * Sends every pending message once (a failed row is not retried in the same run: the cursor moves past
 * it) and returns how many were sent. Failures stay queued with last_error until MAX_MAIL_ATTEMPTS.
 */
export async function deliverPendingMail(transport: MailTransport = getMailTransport()): Promise<number> {
  let sent = 0;
  for (let outcome = await deliverOne(transport, 0); outcome; outcome = await deliverOne(transport, outcome.id)) {
    if (outcome.sent) sent += 1;
  }
  return sent;
}

/** Called after the transaction that queued mail commits; the request does not wait for SMTP. */
export function scheduleDelivery(): void {
  // Tests drive delivery themselves (deliverPendingMail), so a background run never races their checks.
  if (getConfig().NODE_ENV === "test") return;
  void deliverPendingMail().catch((error: unknown) => console.error("[mail] delivery run failed:", error));
}
