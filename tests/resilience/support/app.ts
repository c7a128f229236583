// Starts the real app the way a user does (scripts/start.ts: embedded PostgreSQL, migrations, build
// when stale, `next start`) on its own data folder and ports, for one resilience test file.
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(__dirname, "../../..");
// RESILIENCE_PORT and RESILIENCE_PG_PORT move them, so two copies of the suite can run on one machine.
export const PORT = Number(process.env.RESILIENCE_PORT || 3300);
// Below the ephemeral range, as every throw-away PostgreSQL (tests/helpers/global-setup.mjs).
export const PG_PORT = Number(process.env.RESILIENCE_PG_PORT || 24399);
export const BASE = `http://127.0.0.1:${PORT}`;
export const DATABASE_URL = `postgresql://bloco:bloco@127.0.0.1:${PG_PORT}/bloco`;
export const DATA_DIR = resolve(root, ".data/resilience");

export type RunningApp = {
  output: () => string;
  /** SIGTERM to the start script, resolved when it has exited. */
  stop: () => Promise<void>;
  /** The start script's process (it runs the jobs and supervises Next and PostgreSQL). */
  pid: number;
  /** The start script's exit code (null when a signal ended it), once it has exited. */
  exited: Promise<number | null>;
  serverPid: () => number;
  postgresPid: () => number;
};

const STOP_MS = 90_000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function answers(): Promise<boolean> {
  return fetch(`${BASE}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
}

/** SIGKILL to a process that may already be gone. */
function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // already ended
  }
}

async function waitForHealth(deadlineMs: number, app: ChildProcess): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode}) while starting`);
    if (await answers()) return;
    await pause(250);
  }
  throw new Error("the app did not become healthy in time");
}

/**
 * Starts the app. `keepData` starts it again on the data folder a previous start left (a restart after a
 * crash or a stop: same database, blobs and secrets); otherwise the folder is wiped first.
 */
export async function startApp(env: Record<string, string> = {}, { keepData = false } = {}): Promise<RunningApp> {
  if (await answers()) throw new Error(`something already answers on ${BASE}: an app a previous run left?`);
  let output = "";
  // The app runs with its production defaults: none of the test process's relaxed limits.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("PASSWORD_")));
  // As `npm start` runs it: one Node process with tsx's loader, so a SIGTERM reaches the start script itself
  // (tsx's CLI wrapper kills a child that does not acknowledge a signal within milliseconds: a start
  // script busy reading a photo would be killed without stopping its app server and PostgreSQL).
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: "production",
      DATABASE_URL: "",
      PORT: String(PORT),
      EMBEDDED_PG_PORT: String(PG_PORT),
      DATA_DIR,
      BLOCO_RESET_DATA: keepData ? "0" : "1",
      SEED: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  try {
    await waitForHealth(600_000, child);
  } catch (error) {
    for (const pid of [child.pid!, ...descendants(child.pid!)]) killQuietly(pid);
    throw new Error(`${(error as Error).message}\n${output.slice(-4000)}`);
  }
  // The app's processes as they were seen (pid and command line), so a stop can end them even once the
  // start script is gone and they were left to init.
  const seen = new Map<number, string>();
  const look = () => {
    for (const pid of [child.pid!, ...descendants(child.pid!)]) seen.set(pid, commandLine(pid));
  };
  look();
  // A stop that has not ended in STOP_MS (the start script's own bound is about 60 s), or a start script
  // that ended leaving processes behind, has what is left of the app killed, PostgreSQL included: the
  // next file's app must find its ports free.
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      look();
      const ended = new Promise<void>((done) => child.once("exit", () => done()));
      child.kill("SIGTERM");
      const timedOut = await Promise.race([ended.then(() => false), pause(STOP_MS).then(() => true)]);
      if (timedOut) output += `\n[resilience] the app did not stop in ${STOP_MS / 1000} s: killed\n`;
    }
    // Only a process whose command line is still the one seen: a pid reused since is somebody else's.
    for (const [pid, line] of seen) if (line && commandLine(pid) === line) killQuietly(pid);
  };
  // Only this app's own processes (the start script's descendants): other copies of the app may run on
  // this machine, and a test must never signal them.
  const serverPid = () => {
    const servers = descendants(child.pid!).filter((pid) => /server\/serve\/main\.ts/.test(commandLine(pid)));
    if (servers.length !== 1)
      throw new Error(`${servers.length} app server processes (server/serve/main.ts) under the start script`);
    return servers[0];
  };
  const postgresPid = () => {
    const dir = resolve(DATA_DIR, "pg");
    return Number(readFileSync(resolve(dir, "postmaster.pid"), "utf8").split("\n")[0]);
  };
  return { output: () => output, stop, pid: child.pid!, exited, serverPid, postgresPid };
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

/** Every live process under `root` (children, their children…), from /proc. */
export function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // the process ended while we looked
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parentOf) {
      if (parent !== pid) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

/** Resident memory of a process in MiB, from /proc. */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

export function resetData(): void {
  rmSync(DATA_DIR, { recursive: true, force: true });
}

/** Logs in over HTTP, as a browser does. */
export async function apiLogin(username: string): Promise<{ access: string; refresh: string }> {
  const res = await fetch(`${BASE}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "demo1234" }),
  });
  if (res.status !== 200) throw new Error(`login of ${username}: ${res.status}`);
  return ((await res.json()) as { data: { access: string; refresh: string } }).data;
}

/**
 * Starts the app (with `env` added to its environment) and points this process's row builders at its database for `setup` (users of the
 * test's own), then closes this process's connections: they must not count in the app's load, nor hold
 * on to a server a test is about to kill.
 */
export async function startAppWith<T>(
  setup: () => Promise<T>,
  env: Record<string, string> = {},
): Promise<{ app: RunningApp; data: T }> {
  const app = await startApp(env);
  process.env.DATABASE_URL = DATABASE_URL;
  // Blobs the builders write (documents of the blocks they make) go where the app reads them.
  process.env.DATA_DIR = DATA_DIR;
  const data = await setup();
  const { disconnectDb } = await import("@/server/db/client");
  await disconnectDb();
  return { app, data };
}

// The app's log lines (server/log.ts) as the assertions read them.
/** An unexpected error of a route (server/http/respond.ts: anything not mapped to a known answer). */
export const ROUTE_FAILED = /"scope":"api".*"msg":"[^"]* failed"/;
/** The start of a database outage, logged once per outage (server/db/errors.ts). */
export const OUTAGE_STARTED = /"scope":"db".*"msg":"database unavailable/g;
/** Its end, with how long it lasted. */
export const OUTAGE_ENDED = /"scope":"db".*"msg":"database reachable again; the outage lasted/;
