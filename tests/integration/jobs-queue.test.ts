// The queue itself: pg-boss on this file's database, with two runners standing for two
// app processes. A cron tick and the start-up catch-up run once however many processes are up; a job
// outlives the process that queued it; a job whose worker died mid-run is retried and its effect happens
// once; stop waits for the job in hand.
import { DAY_MS, MINUTE_MS } from "@/lib/constants";
import { getDb } from "@/server/db/client";
import { documentReadKey, QUEUES } from "@/server/queue/queues";
import type { JobHandler } from "@/server/jobs/runner";
import { dispatchPendingMail } from "@/server/mail/deliver";
import { enqueueMail } from "@/server/mail/outbox";
import { passwordResetMail } from "@/server/mail/templates";
import type { OutgoingMail } from "@/server/mail/transport";
import { createBlock } from "../helpers/factories";
import { awayFromMinuteEnd, sql, startRunner, stopRunners, cleanUpRunnersAfterEachTest, waitFor } from "./jobs-support";

const queue = QUEUES.expiredRows;

cleanUpRunnersAfterEachTest();

/** A handler that counts its runs (and can take its time). */
function counter(ms = 0) {
  const runs: number[] = [];
  const handler: JobHandler = async () => {
    runs.push(Date.now());
    if (ms) await new Promise((resolve) => setTimeout(resolve, ms));
    return null;
  };
  return { runs, handler };
}

const jobsOf = (name: string) =>
  sql<{ state: string; retry_count: number }>("SELECT state, retry_count FROM pgboss.job WHERE name = $1", [name]);
const idle = async (name: string) => (await jobsOf(name)).every((job) => job.state === "completed");

test("two processes starting together run the start-up catch-up once", async () => {
  await awayFromMinuteEnd();
  const { runs, handler } = counter(300);
  const options = { catchUp: true, work: [queue], handlers: { [queue]: handler } };
  await Promise.all([startRunner(options), startRunner(options)]);
  expect(await jobsOf(queue)).toHaveLength(1);
  await waitFor(async () => runs.length === 1 && (await idle(queue)), "the catch-up to complete");
  expect(runs).toHaveLength(1);
}, 60_000);

test("the orphan sweep runs at every start (an app killed mid-ingest left blobs), once with two processes, whatever its last run", async () => {
  await awayFromMinuteEnd();
  const name = QUEUES.orphanBlobs;
  const { runs, handler } = counter(300);
  // The queue's own catch-up settings (only its 30 s poll shortened).
  const options = {
    catchUp: true,
    work: [name],
    handlers: { [name]: handler },
    settings: { [name]: { pollingIntervalSeconds: 0.5 } },
  };
  const completed = async () => (await jobsOf(name)).filter((job) => job.state === "completed").length;
  /** Moves the queue's jobs (waiting, done or archived) `ms` into the past, as if the app had been stopped that long. */
  const elapse = async (ms: number) => {
    for (const table of ["job", "archive"]) {
      await sql(
        `UPDATE pgboss.${table} SET created_on = created_on - $2 * interval '1 millisecond', started_on = started_on - $2 * interval '1 millisecond',
           completed_on = completed_on - $2 * interval '1 millisecond', singleton_on = singleton_on - $2 * interval '1 millisecond' WHERE name = $1`,
        [name, ms],
      );
    }
  };

  // Never run before: both processes ask, one job runs.
  await Promise.all([startRunner(options), startRunner(options)]);
  expect(await jobsOf(name)).toHaveLength(1);
  await waitFor(async () => runs.length === 1 && (await completed()) === 1, "the sweep at start to complete");
  await stopRunners();

  // Started again two minutes later (the app killed and restarted): it sweeps again, though its last
  // sweep is recent.
  await elapse(2 * MINUTE_MS);
  await startRunner(options);
  await waitFor(async () => runs.length === 2 && (await completed()) === 2, "the second sweep at start to complete");
  expect(runs).toHaveLength(2);
}, 60_000);

test("two processes watching the same cron line run each tick once", async () => {
  await awayFromMinuteEnd(20);
  const { runs, handler } = counter();
  // Every minute, both processes checking the clock every second.
  const options = {
    schedules: true,
    work: [queue],
    handlers: { [queue]: handler },
    settings: { [queue]: { cron: "* * * * *", pollingIntervalSeconds: 0.5 } },
  };
  await Promise.all([startRunner(options), startRunner(options)]);
  await waitFor(() => runs.length > 0, "the first tick");
  // Both timekeepers look at the clock at least four more times within this minute: a second run would
  // have to come from one of those looks.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  expect(runs).toHaveLength(1);
  expect(await jobsOf(queue)).toHaveLength(1);
}, 90_000);

test("a job outlives the process that queued it: mail queued before a restart is sent after it", async () => {
  const id = await getDb().$transaction((tx) =>
    enqueueMail(tx, "reinicio@y.demo", passwordResetMail("http://localhost:3000/redefinir-senha/t")),
  );
  const before = await startRunner(); // works nothing: the app stops before any worker takes the job
  expect(await dispatchPendingMail(before.boss)).toBeGreaterThanOrEqual(1);
  await stopRunners();
  expect(await jobsOf(QUEUES.mailSend)).toEqual([expect.objectContaining({ state: "created" })]);

  const sent: OutgoingMail[] = [];
  await startRunner({ work: [QUEUES.mailSend], mailTransport: async (mail) => void sent.push(mail) });
  const row = await waitFor(
    async () =>
      (await getDb().mailOutbox.findUniqueOrThrow({ where: { id } })).sentAt &&
      (await getDb().mailOutbox.findUniqueOrThrow({ where: { id } })),
    "the mail to be sent",
  );
  expect(row.attempts).toBe(1);
  expect(sent.map((m) => m.to)).toEqual(["reinicio@y.demo"]);
});

test("a job whose worker died mid-run is retried once its expiry passes, and its effect happens once", async () => {
  const block = await createBlock({ state: "devolved", devolvedAt: new Date(Date.now() - 10 * DAY_MS), documents: 2 });
  const ids = block.documents.map((d) => d.id);
  const name = QUEUES.returnedDocuments;
  const settings = {
    [name]: { expireInSeconds: 1, retryDelaySeconds: 0, retryBackoff: false, pollingIntervalSeconds: 0.5 },
  };

  // Process A takes the job and dies before finishing it: the job stays "active" with nobody on it.
  const doomed = await startRunner({ settings });
  const jobId = await doomed.boss.send(name, {});
  const [taken] = await doomed.boss.fetch(name);
  expect(taken?.id).toBe(jobId);
  await doomed.boss.stop({ graceful: false, wait: true });
  expect(await getDb().document.count({ where: { id: { in: ids } } })).toBe(2);

  // Process B's maintenance finds it expired and puts it back; B's worker runs it.
  await startRunner({ settings, work: [name] });
  const done = await waitFor(async () => {
    const [job] = await jobsOf(name);
    return job?.state === "completed" && job;
  }, "the retried job to complete");
  expect(done.retry_count).toBe(1);
  expect(await getDb().document.count({ where: { id: { in: ids } } })).toBe(0);
  expect(await getDb().auditEvent.count({ where: { clientId: block.clientId, action: "document.expire" } })).toBe(1);
});

test("a failing job is retried with its queue's delay and counted", async () => {
  let calls = 0;
  const handler: JobHandler = async () => {
    calls += 1;
    if (calls === 1) throw new Error("falha passageira");
    return null;
  };
  const runner = await startRunner({
    work: [queue],
    handlers: { [queue]: handler },
    settings: { [queue]: { retryDelaySeconds: 1, retryBackoff: false, pollingIntervalSeconds: 0.5 } },
  });
  const id = await runner.boss.send(queue, {});
  const job = await waitFor(async () => {
    const found = await runner.boss.getJobById(queue, id!);
    return found?.state === "completed" && found;
  }, "the retry to complete");
  expect(calls).toBe(2);
  expect(job.retryCount).toBe(1);
});

test("stopping waits for the job in hand to finish", async () => {
  const { runs, handler } = counter(1500);
  const runner = await startRunner({
    work: [queue],
    handlers: { [queue]: handler },
    settings: { [queue]: { pollingIntervalSeconds: 0.5 } },
  });
  const id = await runner.boss.send(queue, {});
  await waitFor(() => runs.length === 1, "the job to start");
  await runner.stop({ timeoutMs: 10_000 });
  const [job] = await sql<{ state: string }>("SELECT state FROM pgboss.job WHERE id = $1", [id]);
  expect(job?.state).toBe("completed");
});

test("a queue fetched in batches runs its jobs one after another, each completed or retried on its own", async () => {
  const reads = QUEUES.documentRead;
  const seen: number[] = [];
  const failedOnce = new Set<number>();
  const handler: JobHandler = async (data) => {
    const { documentId } = data as { documentId: number };
    seen.push(documentId);
    if (documentId === 2 && !failedOnce.has(documentId)) {
      failedOnce.add(documentId);
      throw new Error("falha passageira");
    }
    return { read: documentId };
  };
  const runner = await startRunner({
    work: [reads],
    handlers: { [reads]: handler },
    settings: { [reads]: { batchSize: 3, retryDelaySeconds: 1, retryBackoff: false, pollingIntervalSeconds: 0.5 } },
  });
  // One waiting read per document: the queue keys its jobs by document (documentReadKey).
  const ids = await Promise.all(
    [1, 2, 3].map((documentId) =>
      runner.boss.send(reads, { documentId }, { singletonKey: documentReadKey(documentId) }),
    ),
  );
  expect(ids.every(Boolean)).toBe(true);
  const jobs = await waitFor(async () => {
    const found = await Promise.all(ids.map((id) => runner.boss.getJobById(reads, id!)));
    return found.every((job) => job?.state === "completed") && found;
  }, "every job to complete");
  expect(jobs.map((job) => job!.retryCount)).toEqual([0, 1, 0]);
  expect(jobs[0]!.output).toEqual({ read: 1 });
  expect([...seen].sort()).toEqual([1, 2, 2, 3]);
});

test("a batched queue that fetches a single job completes it with the handler's output", async () => {
  const reads = QUEUES.documentRead;
  const runner = await startRunner({
    work: [reads],
    handlers: { [reads]: async (data) => ({ read: (data as { documentId: number }).documentId }) },
    settings: { [reads]: { batchSize: 3, pollingIntervalSeconds: 0.5 } },
  });
  const id = await runner.boss.send(reads, { documentId: 7 }, { singletonKey: documentReadKey(7) });
  const job = await waitFor(async () => {
    const found = await runner.boss.getJobById(reads, id!);
    return found?.state === "completed" && found;
  }, "the job to complete");
  expect(job.output).toEqual({ read: 7 });
});
