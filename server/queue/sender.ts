import "server-only";
import { scopedLogger } from "@/server/log";
import PgBoss from "pg-boss";
import { getConfig } from "@/server/config";
import { JOBS_SCHEMA } from "./queues";

// How code that serves requests puts work on the queue. The workers run in the start script's process
// (server/jobs/runner.ts), which registers its own pg-boss here; the Next.js server process has no
// workers and opens a small send-only pg-boss on first use (no polling, no maintenance, no cron, and it
// never creates or migrates the schema: the runner did that before Next started).

type Holder = { __blocoJobSender?: Promise<PgBoss> };
const holder = globalThis as unknown as Holder;
let registered: PgBoss | null = null;

/** The runner (and a test that runs jobs) hands its started pg-boss over; null takes it back. */
export function setJobSender(boss: PgBoss | null): void {
  registered = boss;
}

/**
 * The pg-boss to send with, or null under jest unless a test registered one: tests drive delivery
 * themselves, so no background send races their checks.
 */
export async function getJobSender(): Promise<PgBoss | null> {
  if (registered) return registered;
  if (getConfig().NODE_ENV === "test") return null;
  holder.__blocoJobSender ??= startSender().catch((error: unknown) => {
    holder.__blocoJobSender = undefined; // the next call tries again
    throw error;
  });
  return holder.__blocoJobSender;
}

async function startSender(): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: getConfig().DATABASE_URL,
    schema: JOBS_SCHEMA,
    application_name: "bloco-web",
    max: 2,
    migrate: false,
    supervise: false,
    schedule: false,
  });
  // A pool error (the database restarting) must not crash the server; the next send reports its own.
  boss.on("error", (error) => scopedLogger("jobs").error({ err: error }, "queue connection error"));
  return boss.start();
}
