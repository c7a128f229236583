// The start script's process runs the background jobs (pg-boss) and supervises the embedded
// PostgreSQL and the Next server. pg-boss completes or fails a finished job without waiting for that
// write (timgit/pg-boss#577): when PostgreSQL goes away while a job runs, the write's rejection is
// unhandled, and Node's default for an unhandled rejection is to end the process. That took the jobs
// down for good (mail no longer sent), the loop that restarts the embedded PostgreSQL with them, and
// left Next running without its supervisor. This process logs such a rejection and keeps running; pg-boss
// finds its database again by itself, and the job is retried once its expiry passes.
import type { Logger } from "pino";

/** Installs the handler once per process; the rejection is logged at error level with its stack. */
export function keepRunningOnUnhandledRejection(log: Logger): void {
  if (process.listenerCount("unhandledRejection") > 0) return;
  process.on("unhandledRejection", (reason) => {
    log.error({ err: reason }, "Unhandled rejection, kept running");
  });
}
