// What the job tests share: runners started against this file's database (fast pg-boss timers, nothing
// scheduled or worked unless a test asks), stopped after each test, and a wait on state.
import { Client } from "pg";
import { startJobs, type JobRunner, type StartJobsOptions } from "@/server/jobs/runner";

const runners: JobRunner[] = [];

/** One "app process" worth of jobs. Stopped by stopRunners() (afterEach). */
export async function startRunner(options: Partial<StartJobsOptions> = {}): Promise<JobRunner> {
  const runner = await startJobs({
    connectionString: process.env.DATABASE_URL ?? "",
    log: () => undefined,
    schedules: false,
    catchUp: false,
    work: [],
    ...options,
    boss: {
      cronMonitorIntervalSeconds: 1,
      cronWorkerIntervalSeconds: 1,
      maintenanceIntervalSeconds: 1,
      ...options.boss,
    },
  });
  runners.push(runner);
  return runner;
}

export async function stopRunners(): Promise<void> {
  await Promise.all(runners.splice(0).map((runner) => runner.stop({ timeoutMs: 1000 })));
}

/**
 * Stops this file's runners and empties the queue tables after each test; after the last one, waits out
 * pg-boss's own clean-up (offWork checks its stopped workers once a second, on a timer jest would see
 * as a leak when the file ends).
 */
export function cleanUpRunnersAfterEachTest(): void {
  afterEach(async () => {
    await stopRunners();
    await clearJobs();
  });
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 1100)));
}

/** Raw SQL on this file's database (pg-boss's tables are not in the Prisma schema). */
export async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Empties the queue tables between tests (the schema and the queues stay). */
export async function clearJobs(): Promise<void> {
  await sql(
    "DELETE FROM pgboss.job; DELETE FROM pgboss.archive; DELETE FROM pgboss.schedule; UPDATE pgboss.version SET cron_on = NULL",
  );
}

type Truthy<T> = Exclude<T, false | 0 | "" | null | undefined>;

/** Polls `check` until it returns a truthy value (returned), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T> | T, what: string, timeoutMs = 20_000): Promise<Truthy<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until the clock is at least `seconds` before the next minute, so that a test counting runs per
 * cron tick never straddles two ticks (at most `60 - seconds` of waiting).
 */
export async function awayFromMinuteEnd(seconds = 15): Promise<void> {
  await waitFor(() => new Date().getSeconds() < 60 - seconds, "the start of a minute", 61_000);
}
