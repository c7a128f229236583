import "server-only";

// Every background queue of Bloco: one pg-boss (PostgreSQL) queue system, started with the app by
// scripts/start.ts (docs/architecture.md "Background jobs"; the choices in
// docs/decisions/0129-background-jobs.md). Schedules are cron lines read in São Paulo time.

/** pg-boss keeps its tables in this PostgreSQL schema, beside Prisma's `public`. */
export const JOBS_SCHEMA = "pgboss";

export const QUEUES = {
  /** One message of mail_outbox: data { mailId }. Enqueued after the commit that wrote the row. */
  mailSend: "mail-send",
  /** Enqueues a mail-send for every unsent row (left behind by a stop between commit and enqueue). */
  mailSweep: "mail-sweep",
  /** Deletes returned documents past their deadline (rows and blobs). */
  returnedDocuments: "returned-documents-delete",
  /** Deletes stale presence rows and expired contabilization leases, links and sessions. */
  expiredRows: "expired-rows-delete",
  /** Deletes ended login sessions, spent password-reset links and closed login-throttle windows. */
  expiredTokens: "expired-tokens-delete",
  /** Deletes blobs that no row names, older than the grace period. */
  orphanBlobs: "orphan-blobs-sweep",
  /**
   * Reads one document (a photo's codes; an imported XML's page drawn): data { documentId }. Sent after
   * the commit that stored the document at READ_PRIORITY.new, by the sweep at READ_PRIORITY.backfill.
   */
  documentRead: "document-read",
  /** Sends a document-read for the documents not read yet (documents.read_at null). */
  documentReadSweep: "document-read-sweep",
  /** Writes the daily digest e-mails of the office operators (server/notifications/daily-digest.ts). */
  notificationDigest: "notification-digest",
  /** Deletes the files of documents past their retention (server/jobs/retention.ts); the rows stay. */
  retention: "retention-delete",
  /** Builds one 'Baixar meus dados' ZIP and mails its link: data { exportId }. */
  personalData: "personal-data-export",
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** pg-boss priorities of document-read jobs: a higher one is fetched first, so new documents pass the backfill. */
export const READ_PRIORITY = { new: 10, backfill: 0 } as const;

/** The singleton key of a document's read: one waiting read per document however often it is sent. */
export const documentReadKey = (documentId: number): string => `document:${documentId}`;

export type QueueSettings = {
  /**
   * 'standard': any number of jobs; 'stately': at most one waiting and one running at a time across
   * every app process (a sweep asked for twice, by two processes or by a schedule and a catch-up, runs
   * once); 'short': at most one waiting job per singleton key.
   */
  policy: "standard" | "stately" | "short";
  /** Retries after the first try; the delay doubles each time (with jitter) when retryBackoff. */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A run still active after this long counts as dead (its process was killed): it is retried. */
  expireInSeconds: number;
  /** How often an idle worker asks for work. */
  pollingIntervalSeconds: number;
  /** Jobs fetched at once and run one after another (default 1): for a queue of many short jobs. */
  batchSize?: number;
  /** Cron line in America/Sao_Paulo, when the queue runs on a clock. */
  cron?: string;
  /** Also run once when the app starts (what a stopped app missed is caught up). */
  catchUp?: boolean;
  /**
   * With catchUp, only when no run of the queue is waiting or running and none completed within this
   * long: for a sweep too heavy to run at every start. Unset: at every start.
   */
  catchUpAfterMs?: number;
};

export const QUEUE_SETTINGS: Record<QueueName, QueueSettings> = {
  // 30 s, 1 min, 2 min, 4 min… between tries (each with up to 100 % jitter); the row's own attempts
  // (MAX_MAIL_ATTEMPTS) decide when to give up, the retry limit only bounds a job that keeps finding
  // its row locked.
  [QUEUES.mailSend]: {
    policy: "standard",
    retryLimit: 8,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    pollingIntervalSeconds: 1,
  },
  [QUEUES.mailSweep]: {
    policy: "stately",
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    pollingIntervalSeconds: 10,
    cron: "* * * * *",
    catchUp: true,
  },
  [QUEUES.returnedDocuments]: {
    policy: "stately",
    retryLimit: 5,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
    pollingIntervalSeconds: 10,
    cron: "0 0 * * *",
    catchUp: true,
  },
  [QUEUES.expiredRows]: {
    policy: "stately",
    retryLimit: 3,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    pollingIntervalSeconds: 10,
    cron: "*/5 * * * *",
    catchUp: true,
  },
  [QUEUES.expiredTokens]: {
    policy: "stately",
    retryLimit: 3,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    pollingIntervalSeconds: 30,
    cron: "15 * * * *",
  },
  [QUEUES.orphanBlobs]: {
    policy: "stately",
    retryLimit: 3,
    retryDelaySeconds: 300,
    retryBackoff: true,
    expireInSeconds: 2 * 60 * 60,
    pollingIntervalSeconds: 30,
    cron: "30 3 * * *",
    // pg-boss fires a tick only within a minute of its time: an office machine switched off at night
    // would never sweep. And a start is when orphans are likeliest: an app killed mid-ingest left the
    // blobs of a send whose transaction never committed. So the sweep also runs at every start (once
    // however many processes start together), for what is older than its grace (ORPHAN_GRACE_MS).
    catchUp: true,
  },
  // One document at a time per process: reading a photo or drawing a page takes a core for up to a few
  // seconds, and requests share that core.
  [QUEUES.documentRead]: {
    policy: "short",
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    // A batch's jobs expire together: 8 reads of a few seconds each fit well within it.
    expireInSeconds: 5 * 60,
    pollingIntervalSeconds: 1,
    batchSize: 8,
  },
  [QUEUES.documentReadSweep]: {
    policy: "stately",
    retryLimit: 3,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    pollingIntervalSeconds: 30,
    cron: "*/10 * * * *",
    catchUp: true,
  },
  // 07:00 in São Paulo, about the day before. No catch-up at start: a digest is news of the morning,
  // and the day's record (operator_digests) already makes a repeated run harmless.
  [QUEUES.notificationDigest]: {
    policy: "stately",
    retryLimit: 3,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    pollingIntervalSeconds: 30,
    cron: "0 7 * * *",
  },
  // 02:30 in São Paulo. Retention ends on 1 January, so a day late is harmless; a machine off at night
  // catches up at start when no run completed in the last 20 hours.
  [QUEUES.retention]: {
    policy: "stately",
    retryLimit: 3,
    retryDelaySeconds: 300,
    retryBackoff: true,
    expireInSeconds: 2 * 60 * 60,
    pollingIntervalSeconds: 30,
    cron: "30 2 * * *",
    catchUp: true,
    catchUpAfterMs: 20 * 60 * 60 * 1000,
  },
  // One ZIP per request, made within seconds of the click (the person waits for the mail).
  [QUEUES.personalData]: {
    policy: "standard",
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    pollingIntervalSeconds: 2,
  },
};
