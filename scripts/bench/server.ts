// The bench's app servers (scripts/start.ts, as `npm start` runs it) and what /proc says about their
// processes: the tree under each start script (the start script itself with the background jobs, the
// app server (server/serve/main.ts), and for the first one the embedded PostgreSQL with its backends), CPU time per
// role and the resident memory of the Next server.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

export const root = resolve(__dirname, "../..");
/** The environment the bench started with: what the servers inherit (the bench sets its own later). */
const startEnv = { ...process.env };

export function startServer(port: number, dataDir: string, extra: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", resolve(root, "scripts/start.ts")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...startEnv, PORT: String(port), DATA_DIR: dataDir, ...extra },
  });
}

export function stopServer(server: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (server.exitCode !== null) return done();
    server.once("exit", () => done());
    server.kill("SIGTERM");
  });
}

export async function waitFor(url: string, ms: number, server?: ChildProcess): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null)
      throw new Error(`the server exited (${server.exitCode}) before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer in ${ms} ms`);
}

type Stat = { pid: number; ppid: number; ticks: number; childTicks: number };

function stat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // pid (comm) state ppid ... utime(14) stime(15) cutime(16) cstime(17): comm may hold spaces.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return {
      pid,
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      childTicks: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null; // gone
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
}

/** Every live process under `pid` (itself included). */
export function tree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const s = stat(Number(entry));
    if (s) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s.pid]);
  }
  const out: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const next = queue.shift()!;
    out.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return out;
}

export type Role = "app" | "pg";
const roleOf = (pid: number): Role => (/\bpostgres\b/.test(cmdline(pid)) ? "pg" : "app");

/**
 * CPU seconds used so far by the processes under each start script, by role: "app" (the start script
 * with its jobs and `next start`) and "pg" (the postmaster, its live backends, and the backends it has
 * already reaped: the postmaster's children times).
 */
export function cpuSeconds(pids: number[]): Record<Role, number> {
  const totals: Record<Role, number> = { app: 0, pg: 0 };
  for (const top of pids) {
    for (const pid of tree(top)) {
      const s = stat(pid);
      if (!s) continue;
      const role = roleOf(pid);
      const parentIsPg = role === "pg" && roleOf(s.ppid) === "pg";
      totals[role] += s.ticks + (role === "pg" && !parentIsPg ? s.childTicks : 0);
    }
  }
  return { app: totals.app / 100, pg: totals.pg / 100 }; // USER_HZ is 100 on Linux
}

/** Runs `run` and returns what it returned, with the CPU seconds each role under `pids` spent meanwhile. */
export async function cpuDuring<T>(
  pids: number[],
  run: () => Promise<T>,
): Promise<{ result: T; seconds: Record<Role, number> }> {
  const before = cpuSeconds(pids);
  const result = await run();
  const after = cpuSeconds(pids);
  return { result, seconds: { app: after.app - before.app, pg: after.pg - before.pg } };
}

/** The app server process under a start script (server/serve/main.ts: Next runs in that process). */
export function nextServerPid(startPid: number): number {
  const pid = tree(startPid).find((p) => /server\/serve\/main\.ts/.test(cmdline(p)));
  if (!pid) throw new Error(`no app server (server/serve/main.ts) under process ${startPid}`);
  return pid;
}

/** VmRSS and VmHWM (the kernel's peak) of a process, in bytes. */
export function memory(pid: number): { rss: number; hwm: number } {
  const text = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

/** Resets the kernel's peak RSS of a process to its current RSS (Linux ≥ 4.0; false if refused). */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/**
 * Sets the CPUs every thread of `pid` may run on (`taskset -a -p -c`: util-linux, Linux only); threads
 * the process starts later inherit the set. `cpus` is a taskset list ("0", "0-1"). False when it could
 * not be set (no taskset, another OS, refused): the caller says so in its report.
 */
export function setAffinity(pid: number, cpus: string): boolean {
  const done = spawnSync("taskset", ["-a", "-p", "-c", cpus, String(pid)], { stdio: "ignore" });
  return done.status === 0;
}
