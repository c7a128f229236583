// `npm start`: everything a new machine needs to serve Bloco on http://localhost:3000.
// - DATABASE_URL unset: starts the embedded PostgreSQL (data in DATA_DIR/pg), else uses that server;
// - generates per-installation secrets into DATA_DIR/secrets.json when JWT_SECRET/FILE_URL_SECRET are unset;
// - applies pending migrations, seeds demo data on the first start only, builds when the build is
//   missing or older than the sources, then runs the app server, server/serve/main.ts (or `next dev`
//   with --dev), and starts the background jobs (server/jobs/runner.ts: pg-boss on this database)
//   while it boots;
// - Ctrl-C / SIGTERM stop Next first (new connections refused at once, requests in flight answered),
//   then the jobs (a running job gets a few seconds to finish), then PostgreSQL, and exit 0; Next
//   ending by itself (killed, crashed) stops the rest the same way and exits 1.
// Env: PORT (3000), HOST (0.0.0.0), DATA_DIR (.data), EMBEDDED_PG_PORT (54329), BLOCO_RESET_DATA=1
// (wipe DATA_DIR first: a fresh seeded database, used by the e2e tests), SEED=0 (never seed), SEED=1
// (seed a DATABASE_URL database too: by default only the embedded one is seeded, see seed-policy.mjs),
// LOG_FILE (also append the log, the app server's output included, to that file), LOG_FORMAT and LOG_LEVEL
// (server/log.ts; --dev prints it pretty).
// The embedded PostgreSQL is restarted if it dies while the app runs (with growing pauses).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { resolve } from "node:path";
import type { Logger } from "pino";
import { keepRunningOnUnhandledRejection } from "../server/jobs/keep-running";
import { ensureDatabase, removeCluster, startEmbeddedPostgres } from "./lib/embedded-postgres.mjs";
import { shouldSeed } from "./lib/seed-policy.mjs";
import { newestSourceMtime } from "./lib/sources.mjs";

const root = resolve(__dirname, "..");
const dev = process.argv.includes("--dev");
// server/log.ts, loaded in main() once LOG_FORMAT is settled.
let logger: Logger | undefined;
const log = (message: string) => logger?.info(message);

function loadSecrets(dataDir: string): void {
  if (process.env.JWT_SECRET && process.env.FILE_URL_SECRET) return;
  const file = resolve(dataDir, "secrets.json");
  const stored: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  for (const name of ["JWT_SECRET", "FILE_URL_SECRET"]) {
    stored[name] ??= randomBytes(48).toString("base64url");
    process.env[name] ??= stored[name];
  }
  writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
}

function applyMigrations(): void {
  const result = spawnSync(process.execPath, [resolve(root, "scripts/lib/schema-engine.mjs"), "apply"], {
    env: process.env,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`Migrations failed:\n${result.stderr}`);
  const { applied } = JSON.parse(result.stdout.trim().split("\n").pop() ?? "{}") as { applied: string[] };
  log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database schema is up to date");
}

function buildIfNeeded(): void {
  const buildId = resolve(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  if (existsSync(buildId) && statSync(buildId).mtimeMs >= newestSourceMtime(root)) return;
  log("Building the app (first start or sources changed; this takes a few minutes)...");
  const result = spawnSync(process.execPath, [resolve(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error("next build failed");
}

function printLogins(port: string): void {
  const logins = [
    ["dono@escritorio.demo", "dono do Escritório Demo (tipo 0)"],
    ["admin@escritorio.demo", "administrador (tipo 1)"],
    ["operador@escritorio.demo", "operador (tipo 2)"],
    ["bloqueado@escritorio.demo", "operador bloqueado"],
    ["cliente@empresa.demo", "cliente (plataforma business)"],
    ["socio@empresa.demo", "operador e cliente (escolhe a plataforma)"],
    ["dono@outro.demo", "dono de outro escritório"],
  ];
  log(`Bloco is ready on http://localhost:${port}`);
  // The password is README's ("Demo data"): no password is ever written to the log.
  log("Demo logins (the password is in README.md):");
  for (const [email, who] of logins) log(`  ${email.padEnd(28)} ${who}`);
}

/** Restarts the embedded PostgreSQL after an unexpected exit: 1 s, 2 s, 4 s … up to 30 s between tries. */
async function restartDatabase(start: () => Promise<unknown>, reason: string, stopped: () => boolean): Promise<void> {
  log(`PostgreSQL stopped unexpectedly (${reason}); restarting it`);
  for (let attempt = 0; !stopped(); attempt++) {
    await new Promise((r) => setTimeout(r, Math.min(30_000, 1000 * 2 ** attempt)));
    if (stopped()) return;
    try {
      await start();
      log("PostgreSQL is back");
      return;
    } catch (error) {
      log(`PostgreSQL restart failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The queue workers of server/jobs (pg-boss) in this process, beside Next, on the same database. */
async function startBackgroundJobs(): Promise<() => Promise<void>> {
  const { startJobs } = await import("../server/jobs/runner");
  const { disconnectDb, getDb } = await import("../server/db/client");
  const jobsLog = (await import("../server/log")).scopedLogger("jobs");
  // The first query of a process loads Prisma's query compiler (seconds on a busy machine): here, not in
  // the first mail after the start.
  await getDb().$queryRaw`SELECT 1`;
  const runner = await startJobs({
    connectionString: process.env.DATABASE_URL ?? "",
    log: (message) => jobsLog.info(message),
  });
  log("Background jobs started (mail, returned documents, expired rows, orphan blobs)");
  return async () => {
    await runner.stop();
    await disconnectDb();
  };
}

async function main(): Promise<void> {
  if (dev) process.env.LOG_FORMAT ??= "pretty";
  logger = (await import("../server/log")).scopedLogger("start");
  const dataDir = resolve(root, process.env.DATA_DIR ?? ".data");
  if (process.env.BLOCO_RESET_DATA === "1") {
    await removeCluster(resolve(dataDir, "pg"));
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(dataDir, { recursive: true });
  process.env.DATA_DIR = dataDir;
  loadSecrets(dataDir);

  // `jobs`: the background jobs' start, then their stop function (they start while Next boots).
  const app: { next?: ChildProcess; jobs?: Promise<() => Promise<void>> } = {};
  let shuttingDown = false;
  const embedded = !process.env.DATABASE_URL;
  let stopDatabase = async () => {};
  if (embedded) {
    const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
    const startDatabase = async () => {
      // EMBEDDED_PG_FSYNC=off: the e2e server's throw-away cluster only (playwright.config.ts).
      const durable = process.env.EMBEDDED_PG_FSYNC !== "off";
      const pg = await startEmbeddedPostgres({ dataDir: resolve(dataDir, "pg"), port, durable, log });
      stopDatabase = pg.stop;
      pg.onUnexpectedExit((reason) => {
        if (!shuttingDown) void restartDatabase(startDatabase, reason, () => shuttingDown);
      });
      return pg;
    };
    const pg = await startDatabase();
    await ensureDatabase(pg.url("postgres"), "bloco");
    process.env.DATABASE_URL = pg.url("bloco");
  }

  const shutdown = async (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    // The app server drains its requests in flight on SIGTERM (it stops accepting connections at
    // once), then exits. A Next that is already gone (killed, crashed: exitCode null but signalCode set) has no
    // exit event left to wait for.
    // Its drain is bounded (server/serve/main.ts DRAIN_MS); one that does not end soon after (a blocked event
    // loop) is killed, so a stop always ends.
    const next = app.next;
    if (next && next.exitCode === null && next.signalCode === null) {
      const exited = new Promise((r) => next.once("exit", r));
      next.kill("SIGTERM");
      const killer = setTimeout(() => {
        log("The app server did not end after its drain: killed");
        next.kill("SIGKILL");
      }, 45_000);
      await exited;
      clearTimeout(killer);
    }
    const stopJobs = await app.jobs?.catch(() => undefined);
    if (stopJobs) {
      await stopJobs().catch((error: unknown) => log(`Stopping the jobs failed: ${String(error)}`));
      log("Background jobs stopped");
    }
    await stopDatabase();
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  keepRunningOnUnhandledRejection(logger);

  const seeding = shouldSeed({ embedded, seed: process.env.SEED });
  try {
    const { parseConfig } = await import("../server/config");
    const config = parseConfig(process.env);
    if (!dev && config.DEV_OUTBOX) {
      log(
        "WARNING: DEV_OUTBOX=true: GET /api/dev/outbox lists the password-reset and invite links of every office to callers on this machine (loopback, not through a proxy). Turn it off on a server people use.",
      );
    }
    applyMigrations();
    if (seeding) {
      const { seed } = await import("../prisma/seed");
      const { getDb, disconnectDb } = await import("../server/db/client");
      const began = Date.now();
      const seeded = await seed(getDb());
      log(seeded ? `Demo data created in ${((Date.now() - began) / 1000).toFixed(1)} s` : "Demo data already present");
      await disconnectDb();
    }
    if (!dev) buildIfNeeded();
  } catch (error) {
    logger.error({ err: error }, error instanceof Error ? error.message : String(error));
    await shutdown(1);
    return;
  }

  const port = process.env.PORT ?? "3000";
  // Production: server/serve/main.ts (through tsx), Next's handler plus the build's scripts served
  // brotli-compressed.
  const host = process.env.HOST ?? "0.0.0.0";
  const command = dev
    ? [resolve(root, "node_modules/next/dist/bin/next"), "dev", "-p", port, "-H", host]
    : ["--import", "tsx", resolve(root, "server/serve/main.ts")];
  // APP_NODE_ARGS: extra Node flags for the app server only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof",
  // which Node refuses in NODE_OPTIONS): how docs/performance.md's profiles were taken.
  const nodeArgs = (process.env.APP_NODE_ARGS ?? "").split(" ").filter(Boolean);
  // With LOG_FILE the app server's output (its log, and whatever Next itself prints) is copied there by
  // this process, the one writer of that file besides its own logger.
  const logFile = process.env.LOG_FILE ? openSync(process.env.LOG_FILE, "a") : undefined;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: port, HOST: host, NEXT_TELEMETRY_DISABLED: "1" };
  delete env.LOG_FILE;
  app.next = spawn(process.execPath, [...nodeArgs, ...command], {
    cwd: root,
    stdio: logFile === undefined ? ["ignore", "inherit", "inherit"] : ["ignore", "pipe", "pipe"],
    env,
  });
  if (logFile !== undefined) {
    app.next.stdout?.on("data", (chunk: Buffer) => (process.stdout.write(chunk), writeSync(logFile, chunk)));
    app.next.stderr?.on("data", (chunk: Buffer) => (process.stderr.write(chunk), writeSync(logFile, chunk)));
  }
  // Next ending by itself (killed, crashed, a failed start) ends the app with a failure code, so a
  // supervisor (systemd's Restart=on-failure, a container's restart policy) starts it again.
  app.next.on("exit", (code, signal) => {
    if (shuttingDown) return;
    log(`Next.js exited unexpectedly (${signal ?? `code ${code}`}); stopping`);
    void shutdown(code || 1);
  });
  // The jobs start in this process while Next boots in its own: the app answers a few seconds sooner
  // than when one waited for the other. A failed start stops the app as any start failure does.
  app.jobs = startBackgroundJobs();
  try {
    await app.jobs;
  } catch (error) {
    logger.error({ err: error }, error instanceof Error ? error.message : String(error));
    await shutdown(1);
    return;
  }
  if (seeding) printLogins(port);
  else log(`Bloco is ready on http://localhost:${port} (no demo data: set SEED=1 to seed this database)`);
}

main().catch(async (error) => {
  if (logger) logger.fatal({ err: error }, error instanceof Error ? error.message : String(error));
  else console.error(error);
  process.exit(1);
});
