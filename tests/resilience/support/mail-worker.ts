// One "app process" worth of mail jobs, as its own OS process, so a test can kill it mid-job (SIGKILL)
// and start another: the real runner (server/jobs/runner.ts), the real mail-send handler and SMTP
// transport, on DATABASE_URL. Short queue timers (expiry 10 s, maintenance every second, retry after 1 s)
// and a mail's sending claim of 2 s, so the retry of a job whose worker died comes in seconds instead of
// the production minutes.
// Env: DATABASE_URL, SMTP_URL, ENQUEUE_TO (queue one password-reset mail to that address first).
// Run: node --conditions=react-server --import tsx tests/resilience/support/mail-worker.ts
import { disconnectDb, getDb } from "@/server/db/client";
import { QUEUES } from "@/server/queue/queues";
import { startJobs } from "@/server/jobs/runner";
import { dispatchPendingMail } from "@/server/mail/deliver";
import { enqueueMail } from "@/server/mail/outbox";
import { passwordResetMail } from "@/server/mail/templates";
import { keepRunningOnUnhandledRejection } from "@/server/jobs/keep-running";
import { scopedLogger } from "@/server/log";

async function main(): Promise<void> {
  const log = scopedLogger("worker");
  keepRunningOnUnhandledRejection(log); // as the start script does
  const runner = await startJobs({
    connectionString: process.env.DATABASE_URL ?? "",
    log: (message) => log.info(message),
    schedules: false,
    catchUp: false,
    work: [QUEUES.mailSend],
    settings: {
      [QUEUES.mailSend]: {
        expireInSeconds: 10,
        retryDelaySeconds: 1,
        retryBackoff: false,
        pollingIntervalSeconds: 0.5,
      },
    },
    boss: { maintenanceIntervalSeconds: 1 },
    mailSendingClaimMs: 2000,
  });
  const to = process.env.ENQUEUE_TO;
  if (to) {
    const id = await getDb().$transaction((tx) =>
      enqueueMail(tx, to, passwordResetMail("http://localhost:3000/redefinir-senha/teste")),
    );
    await dispatchPendingMail(runner.boss);
    console.log(`[worker] queued mail #${id}`);
  }
  console.log("[worker] ready");
  process.on("SIGTERM", () => {
    void runner
      .stop({ timeoutMs: 2000 })
      .then(() => disconnectDb())
      .then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(`[worker] ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
