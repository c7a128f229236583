import "server-only";
import { scopedLogger } from "@/server/log";
import { createHash } from "node:crypto";
import type PgBoss from "pg-boss";
import { Prisma, getDb, type MailOutbox } from "@/server/db/client";
import { QUEUES } from "@/server/queue/queues";
import { getJobSender } from "@/server/queue/sender";
import { getMailTransport, type MailTransport } from "./transport";

const log = scopedLogger("mail");

export const MAX_MAIL_ATTEMPTS = 5;
/**
 * How long a claimed row is its runner's: far longer than any SMTP exchange can last (SMTP_TIMEOUT_MS,
 * at most 20 s, bounds each of its ten or so waits). Past it, a runner that died mid-send has its row
 * claimed again (the message may then go out twice: delivery is at least once).
 */
export const MAIL_SENDING_CLAIM_MS = 10 * 60_000;

/**
 * Claims the first unsent row that `which` picks and no runner is sending, counts the attempt and marks
 * it as being sent, in one statement that commits at once: SKIP LOCKED and `sending_until` make every
 * other runner (another request, another app instance) pass over it while it is sent, and the attempt
 * stays counted whatever happens next. The send itself holds no transaction (a slow SMTP server outlived
 * the one it used to hold, whose rollback uncounted the attempt, and the message went out again and again).
 */
async function claim(which: Prisma.Sql, claimMs: number): Promise<MailOutbox | null> {
  const rows = await getDb().$queryRaw<MailOutbox[]>`
    UPDATE mail_outbox SET attempts = attempts + 1, sending_until = now() + make_interval(secs => ${claimMs / 1000})
    WHERE id = (
      SELECT id FROM mail_outbox
      WHERE ${which} AND sent_at IS NULL AND attempts < ${MAX_MAIL_ATTEMPTS}
        AND (sending_until IS NULL OR sending_until <= now())
      ORDER BY id
      FOR UPDATE SKIP LOCKED
      LIMIT 1
    )
    RETURNING id, "to", subject, text, html, kind, headers, created_at AS "createdAt", sent_at AS "sentAt", attempts,
      last_error AS "lastError", sending_until AS "sendingUntil"`;
  return rows[0] ?? null;
}

/** The next row after `afterId` to send (the sweep's run over the outbox). */
export function claimNextMail(afterId = 0, claimMs = MAIL_SENDING_CLAIM_MS): Promise<MailOutbox | null> {
  return claim(Prisma.sql`id > ${afterId}`, claimMs);
}

/** One given row (a mail-send job): null when it is sent, spent or being sent by another runner. */
export function claimMail(id: number, claimMs = MAIL_SENDING_CLAIM_MS): Promise<MailOutbox | null> {
  return claim(Prisma.sql`id = ${id}`, claimMs);
}

/** The extra headers kept with a row (a JSON object of strings), or none. */
function mailHeaders(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

type Outcome = { id: number; sent: boolean; attempts: number; error?: string } | null;

// One message: claim (committed), send, then record sent_at or last_error and let the claim go.
async function deliverOne(transport: MailTransport, claim: () => Promise<MailOutbox | null>): Promise<Outcome> {
  const row = await claim();
  if (!row) return null;
  try {
    await transport({
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: mailHeaders(row.headers),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await getDb().mailOutbox.update({
      where: { id: row.id },
      data: { lastError: message.slice(0, 1000), sendingUntil: null },
    });
    log.error(
      { mailId: row.id, attempt: row.attempts, reason: message },
      `delivery of #${row.id} failed (attempt ${row.attempts})`,
    );
    return { id: row.id, sent: false, attempts: row.attempts, error: message };
  }
  // If this write fails (the database gone just now), the row stays claimed, and is sent again once the
  // claim runs out: at least once.
  await getDb().mailOutbox.update({
    where: { id: row.id },
    data: { sentAt: new Date(), lastError: null, sendingUntil: null },
  });
  return { id: row.id, sent: true, attempts: row.attempts };
}

/**
 * Sends every pending message once (a failed row is not retried in the same run: the cursor moves past
 * it) and returns how many were sent. Failures stay queued with last_error until MAX_MAIL_ATTEMPTS.
 */
export async function deliverPendingMail(transport: MailTransport = getMailTransport()): Promise<number> {
  let sent = 0;
  const after = (afterId: number) => () => claimNextMail(afterId);
  for (
    let outcome = await deliverOne(transport, after(0));
    outcome;
    outcome = await deliverOne(transport, after(outcome.id))
  ) {
    if (outcome.sent) sent += 1;
  }
  return sent;
}

export type MailJobResult = "sent" | "done_before" | "gave_up";

/**
 * The mail-send job: one try at one row. A failed send is recorded on the row (attempts, last_error)
 * and then thrown, so the queue retries it with back-off; on the row's last attempt it gives up
 * instead. A row another runner holds right now is thrown too (retried later), never sent twice.
 */
export async function deliverMail(
  mailId: number,
  transport: MailTransport = getMailTransport(),
  claimMs = MAIL_SENDING_CLAIM_MS,
): Promise<MailJobResult> {
  const outcome = await deliverOne(transport, () => claimMail(mailId, claimMs));
  if (outcome?.sent) return "sent";
  if (outcome) {
    if (outcome.attempts >= MAX_MAIL_ATTEMPTS) return "gave_up";
    throw new Error(`mail #${mailId} not sent (attempt ${outcome.attempts}): ${outcome.error}`);
  }
  const row = await getDb().mailOutbox.findUnique({ where: { id: mailId }, select: { sentAt: true, attempts: true } });
  if (row && !row.sentAt && row.attempts < MAX_MAIL_ATTEMPTS)
    throw new Error(`mail #${mailId} is held by another runner`);
  return "done_before";
}

/**
 * The job of one outbox row has an id derived from the row, so asking twice (after the commit, then
 * by the sweep) never makes two jobs for one message: pg-boss inserts with ON CONFLICT DO NOTHING.
 */
export function mailJobId(row: { id: number; createdAt: Date }): string {
  const hex = createHash("sha256").update(`bloco-mail:${row.id}:${row.createdAt.getTime()}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const DISPATCH_BATCH = 500;

/** Puts a mail-send job on the queue for every unsent row that still has attempts left. */
export async function dispatchPendingMail(boss: PgBoss): Promise<number> {
  const rows = await getDb().mailOutbox.findMany({
    where: { sentAt: null, attempts: { lt: MAX_MAIL_ATTEMPTS } },
    select: { id: true, createdAt: true },
    orderBy: { id: "asc" },
    take: DISPATCH_BATCH,
  });
  if (rows.length > 0) {
    await boss.insert(rows.map((row) => ({ id: mailJobId(row), name: QUEUES.mailSend, data: { mailId: row.id } })));
  }
  return rows.length;
}

/**
 * Called after the transaction that queued mail commits; the request does not wait for SMTP. The
 * message is sent by a mail-send job within about a second; if this process stops before the enqueue,
 * the mail sweep (every minute and at start) finds the row.
 */
export function scheduleDelivery(): void {
  void getJobSender()
    .then((boss) => (boss ? dispatchPendingMail(boss) : 0))
    .catch((error: unknown) => log.error({ err: error }, "could not queue delivery (the mail sweep will)"));
}
