import "server-only";
import { scopedLogger } from "@/server/log";
import PgBoss from "pg-boss";
import { z } from "zod";
import { TIME_ZONE } from "@/lib/format/dates";
import { deliverMail, dispatchPendingMail, MAIL_SENDING_CLAIM_MS } from "@/server/mail/deliver";
import { getMailTransport, type MailTransport } from "@/server/mail/transport";
import { deleteExpiredRows, deleteExpiredTokens } from "./expired-rows";
import { sweepOrphanBlobs } from "./orphan-blobs";
import { JOBS_SCHEMA, QUEUE_SETTINGS, QUEUES, type QueueName, type QueueSettings } from "@/server/queue/queues";
import { deleteExpiredReturnedDocuments } from "./returned-documents";
import { setJobSender } from "@/server/queue/sender";
import { readDocument, sweepUnreadDocuments } from "@/server/documents/read-document";
import { stopOcr } from "@/server/fiscal/ocr";
import { writeDailyDigests } from "@/server/notifications/daily-digest";
import { buildPersonalDataExport } from "@/server/privacy/personal-data";
import { deleteRetainedFiles } from "./retention";

// The workers: started by scripts/start.ts (npm start, npm run dev) before Next.js, stopped after it.
// pg-boss creates its schema on the first start, keeps every job as a row (a job survives a restart),
// hands each job to one worker (SELECT … FOR UPDATE SKIP LOCKED), retries failures with back-off,
// retries a job whose worker died once its expiry passes, and runs each cron line once per tick however
// many app processes are up.

export type JobContext = { boss: PgBoss; now: Date; mailTransport: MailTransport; mailSendingClaimMs: number };
export type JobHandler = (data: unknown, context: JobContext) => Promise<unknown>;

const mailSendData = z.object({ mailId: z.number().int().positive() });
const documentReadData = z.object({ documentId: z.number().int().positive() });
const personalDataData = z.object({ exportId: z.number().int().positive() });

const HANDLERS: Record<QueueName, JobHandler> = {
  [QUEUES.mailSend]: (data, { mailTransport, mailSendingClaimMs }) =>
    deliverMail(mailSendData.parse(data).mailId, mailTransport, mailSendingClaimMs),
  [QUEUES.mailSweep]: (_data, { boss }) => dispatchPendingMail(boss),
  [QUEUES.returnedDocuments]: (_data, { now }) => deleteExpiredReturnedDocuments({ now }),
  [QUEUES.expiredRows]: (_data, { now }) => deleteExpiredRows({ now }),
  [QUEUES.expiredTokens]: (_data, { now }) => deleteExpiredTokens({ now }),
  [QUEUES.orphanBlobs]: (_data, { now }) => sweepOrphanBlobs({ now }),
  [QUEUES.documentRead]: (data) => readDocument(documentReadData.parse(data).documentId),
  [QUEUES.documentReadSweep]: (_data, { boss }) => sweepUnreadDocuments(boss),
  [QUEUES.notificationDigest]: async (_data, { boss, now }) => {
    const result = await writeDailyDigests({ now });
    if (result.operators > 0) await dispatchPendingMail(boss);
    return result;
  },
  [QUEUES.retention]: async (_data, { now }) => {
    const { documents, blobs, blobFailures } = await deleteRetainedFiles({ now });
    return { documents, blobs, blobFailures };
  },
  [QUEUES.personalData]: async (data, { boss }) => {
    const result = await buildPersonalDataExport(personalDataData.parse(data).exportId);
    if (result.mailed) await dispatchPendingMail(boss);
    return result;
  },
};

export type StartJobsOptions = {
  connectionString: string;
  log?: (message: string) => void;
  /** Overrides per queue (tests: short retry delays and polls). */
  settings?: Partial<Record<QueueName, Partial<QueueSettings>>>;
  /** Handlers to use instead of the real ones (tests count runs with them). */
  handlers?: Partial<Record<QueueName, JobHandler>>;
  /** Which queues this process works; all by default. */
  work?: readonly QueueName[];
  /** Write the cron schedules (default true) and send the start-up catch-up jobs (default true). */
  schedules?: boolean;
  catchUp?: boolean;
  mailTransport?: MailTransport;
  /** How long a mail being sent is its runner's (MAIL_SENDING_CLAIM_MS; shorter in the resilience suite). */
  mailSendingClaimMs?: number;
  /** pg-boss's own settings (tests: a faster cron check and maintenance). */
  boss?: Partial<PgBoss.ConstructorOptions>;
};

export type JobRunner = { boss: PgBoss; stop(options?: { timeoutMs?: number }): Promise<void> };

export async function startJobs(options: StartJobsOptions): Promise<JobRunner> {
  const log = options.log ?? ((message: string) => scopedLogger("jobs").info(message));
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: JOBS_SCHEMA,
    application_name: "bloco-jobs",
    max: 4,
    ...options.boss,
  });
  boss.on("error", throttled(log));
  await boss.start();
  try {
    await setUp(boss, options, log);
  } catch (error) {
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    throw error;
  }
  setJobSender(boss);

  return {
    boss,
    async stop({ timeoutMs = 10_000 } = {}) {
      setJobSender(null);
      // Waits for running jobs up to the timeout; one still running then is failed, so it is retried.
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      await stopOcr();
    },
  };
}

async function setUp(boss: PgBoss, options: StartJobsOptions, log: (message: string) => void): Promise<void> {
  const names = Object.values(QUEUES);
  const settingsOf = (name: QueueName): QueueSettings => ({ ...QUEUE_SETTINGS[name], ...options.settings?.[name] });
  for (const name of names) {
    const s = settingsOf(name);
    const queue = {
      name,
      policy: s.policy,
      retryLimit: s.retryLimit,
      retryDelay: s.retryDelaySeconds,
      retryBackoff: s.retryBackoff,
      expireInSeconds: s.expireInSeconds,
    };
    await racing(() => boss.createQueue(name, queue));
    await boss.updateQueue(name, queue); // a changed setting reaches a queue made by an older version
  }

  const mailTransport = options.mailTransport ?? getMailTransport();
  const mailSendingClaimMs = options.mailSendingClaimMs ?? MAIL_SENDING_CLAIM_MS;
  for (const name of options.work ?? names) {
    const handler = options.handlers?.[name] ?? HANDLERS[name];
    // pg-boss waits out the polling interval after a fetch whose jobs ended sooner: a queue of many
    // short jobs fetches a batch (batchSize) and runs its jobs one after another, each completed or
    // failed (retried) on its own. A fetch of one job is left to pg-boss, which completes it with what
    // the callback returns and fails it when the callback throws.
    await boss.work(
      name,
      { pollingIntervalSeconds: settingsOf(name).pollingIntervalSeconds, batchSize: settingsOf(name).batchSize ?? 1 },
      async (jobs) => {
        for (const job of jobs) {
          try {
            const result = await handler(job.data, { boss, now: new Date(), mailTransport, mailSendingClaimMs });
            if (isWorthLogging(result)) log(`${name}: ${JSON.stringify(result)}`);
            if (jobs.length === 1) return toOutput(result);
            await boss.complete(name, job.id, toOutput(result));
          } catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            log(`${name} failed (retried while tries remain): ${reason}`);
            if (jobs.length === 1) throw error;
            await boss.fail(name, job.id, { message: reason });
          }
        }
      },
    );
  }

  // A sweep's jobs share one singleton key: its stately queue then holds at most one waiting and one
  // running job, whoever sent them. pg-boss turns each cron tick into one job however many processes
  // watch the clock; the catch-up is one job per minute however many processes start in it.
  if (options.schedules ?? true) {
    for (const name of names) {
      const { cron } = settingsOf(name);
      if (cron) await boss.schedule(name, cron, {}, { tz: TIME_ZONE, singletonKey: name });
      else await boss.unschedule(name);
    }
  }
  if (options.catchUp ?? true) {
    for (const name of names) {
      const { catchUp, catchUpAfterMs } = settingsOf(name);
      if (!catchUp) continue;
      if (catchUpAfterMs !== undefined && (await ranRecently(boss, name, catchUpAfterMs))) continue;
      await boss.send(name, {}, { singletonKey: name, singletonSeconds: 60 });
    }
  }
}

/**
 * Whether a run of the queue is waiting or running, or completed within `ms` (pg-boss's own clock). A
 * completed job stays in pgboss.job for 12 hours, then in pgboss.archive for 7 days; a failed one does
 * not count.
 */
async function ranRecently(boss: PgBoss, name: QueueName, ms: number): Promise<boolean> {
  const { rows } = await boss.getDb().executeSql(
    `SELECT EXISTS (
       SELECT 1 FROM ${JOBS_SCHEMA}.job
        WHERE name = $1 AND (state IN ('created', 'retry', 'active') OR (state = 'completed' AND completed_on
          > now() - $2::float8 * interval '1 millisecond'))
       UNION ALL
       SELECT 1 FROM ${JOBS_SCHEMA}.archive
        WHERE name = $1 AND state = 'completed' AND completed_on > now() - $2::float8 * interval '1 millisecond'
     ) AS recent`,
    [name, ms],
  );
  return rows[0]?.recent === true;
}

/**
 * Two processes creating the same queue at once (a first start of two app instances) can deadlock or
 * collide in pg-boss's create_queue; the loser tries again and then finds the queue made.
 */
async function racing(create: () => Promise<void>, tries = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (error) {
      const code = (error as { code?: string }).code;
      const race = code === "40P01" || code === "23505" || code === "42P07";
      if (!race || attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}

/** A sweep that did something, as counts ({ documents: 2, … }); silence for the usual nothing. */
function isWorthLogging(result: unknown): boolean {
  if (typeof result !== "object" || result === null) return false;
  return Object.values(result).some((value) => typeof value === "number" && value > 0);
}

/** pg-boss reports every failed poll; while the database is down that is once a second per queue. */
function throttled(log: (message: string) => void, everyMs = 30_000): (error: Error) => void {
  let last = 0;
  let skipped = 0;
  return (error) => {
    const now = Date.now();
    if (now - last < everyMs) {
      skipped += 1;
      return;
    }
    log(`queue error: ${error.message}${skipped ? ` (and ${skipped} more since the last report)` : ""}`);
    last = now;
    skipped = 0;
  };
}

/** A job's result as pg-boss keeps it (an object; anything else wrapped). */
function toOutput(result: unknown): object | undefined {
  if (result === undefined) return undefined;
  return typeof result === "object" && result !== null ? result : { value: result };
}
