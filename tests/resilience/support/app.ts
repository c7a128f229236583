// Starts the real app the way a user does (scripts/start.ts: embedded PostgreSQL, migrations, build
// when stale, `next start`) on its own data folder and ports, for one resilience test file.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(__dirname, "../../..");
export const PORT = 3300;
export const PG_PORT = 54399;
export const BASE = `http://127.0.0.1:${PORT}`;
export const DATABASE_URL = `postgresql://bloco:bloco@127.0.0.1:${PG_PORT}/bloco`;
const DATA_DIR = resolve(root, ".data/resilience");

export type RunningApp = { output: () => string; stop: () => Promise<void>; serverPid: () => number; postgresPid: () => number };

async function waitForHealth(deadlineMs: number, app: ChildProcess): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode}) while starting`);
    const ok = await fetch(`${BASE}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the app did not become healthy in time");
}

export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  let output = "";
  // The app runs with its production defaults: none of the test process's relaxed limits.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("PASSWORD_")));
  const child = spawn(process.execPath, [resolve(root, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "scripts/start.ts"], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: "production",
      DATABASE_URL: "",
      PORT: String(PORT),
      EMBEDDED_PG_PORT: String(PG_PORT),
      DATA_DIR,
      BLOCO_RESET_DATA: "1",
      SEED: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  try {
    await waitForHealth(600_000, child);
  } catch (error) {
    child.kill("SIGTERM");
    throw new Error(`${(error as Error).message}\n${output.slice(-4000)}`);
  }
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once("exit", () => done());
      child.kill("SIGTERM");
    });
  const serverPid = () => {
    const found = spawnSync("pgrep", ["-f", `next-server|next/dist/bin/next start -p ${PORT}`], { encoding: "utf8" });
    const pids = found.stdout.trim().split("\n").map(Number).filter((pid) => pid > 0 && pid !== child.pid);
    // The highest pid is the newest: `next start` forks the server process.
    return Math.max(...pids);
  };
  const postgresPid = () => {
    const dir = resolve(DATA_DIR, "pg");
    return Number(readFileSync(resolve(dir, "postmaster.pid"), "utf8").split("\n")[0]);
  };
  return { output: () => output, stop, serverPid, postgresPid };
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
 * Starts the app and points this process's row builders at its database for `setup` (users of the
 * test's own), then closes this process's connections: they must not count in the app's load, nor hold
 * on to a server a test is about to kill.
 */
export async function startAppWith<T>(setup: () => Promise<T>): Promise<{ app: RunningApp; data: T }> {
  const app = await startApp();
  process.env.DATABASE_URL = DATABASE_URL;
  const data = await setup();
  const { disconnectDb } = await import("@/server/db/client");
  await disconnectDb();
  return { app, data };
}
