// Item 2: the same load on one app process and spread over two (round robin by loop) that share
// PostgreSQL and the blob folder, and where the CPU goes: the CPU time of every process (the app
// processes, PostgreSQL with its backends, this load generator) read from /proc over each run, per
// request. From it, what N cores would serve when the load generator is elsewhere.
//
// The two processes run as N processes on N cores are deployed: each app server (scripts/serve.mjs)
// pinned to its own core with all its threads, so the scheduler does not move them between cores and their caches stay warm;
// PostgreSQL and the load generator stay free to run on either. The one process runs unpinned, free
// to use both cores (its collector's helper threads included): the baseline is not handicapped.
import { availableParallelism } from "node:os";
import { load, type Call, type Summary } from "./load";
import { cpuDuring, nextServerPid, setAffinity } from "./server";

export type CpuPerRequest = { appMs: number; pgMs: number; benchMs: number };
export type ScalingRow = Summary & { name: string; ratio: number; cpu: CpuPerRequest };

/** `run`'s summary and the CPU per request it cost: the app, PostgreSQL, and this load generator. */
export async function withCpu(pids: number[], run: () => Promise<Summary>): Promise<{ summary: Summary; cpu: CpuPerRequest }> {
  const bench = process.cpuUsage();
  const { result: summary, seconds } = await cpuDuring(pids, run);
  const own = process.cpuUsage(bench);
  const per = (s: number) => Number(((s * 1000) / Math.max(1, summary.n)).toFixed(3));
  return { summary, cpu: { appMs: per(seconds.app), pgMs: per(seconds.pg), benchMs: per((own.user + own.system) / 1e6) } };
}

/**
 * What two processes can gain on these 2 cores, from the one-process run's CPU per request: one process
 * is bounded by its own core (1/app), two by the whole machine (2/(app + PostgreSQL + load generator)),
 * so their ratio is at most 2·app / (app + pg + bench) when one process saturates its core.
 */
function ceiling({ appMs, pgMs, benchMs }: CpuPerRequest): string {
  const bound = (2 * appMs) / Math.max(appMs + pgMs + benchMs, 0.001);
  return (
    `With the one-process run's split (app ${appMs.toFixed(2)}, PostgreSQL ${pgMs.toFixed(2)}, load generator ${benchMs.toFixed(2)} ms per request), ` +
    `two processes on these 2 shared cores can reach at most 2 × app ÷ (app + PostgreSQL + load generator) = ${bound.toFixed(2)}x of one, before any cost of sharing the cores.`
  );
}

export async function measureScaling(options: {
  target: (port: number) => Call;
  name: string;
  ports: [number, number];
  /** The start-script PIDs: the first one's tree holds PostgreSQL. */
  pids: [number, number];
  connections: number;
  seconds: number;
  warmSeconds: number;
}): Promise<{ rows: ScalingRow[]; prediction: string; pinned: boolean }> {
  const [a, b] = options.ports;
  const spread = (loop: number) => options.target(loop % 2 === 0 ? a : b);
  // Each process warmed alone for a whole run first: the second one starts cold, while the first has
  // served the reads before it, and a process whose JIT is still warming costs more CPU per request
  // (which would be charged to "two processes"). Then the spread, as before.
  for (const port of [a, b]) await load({ concurrency: options.connections, seconds: options.seconds, next: () => options.target(port) });
  await load({ concurrency: options.connections, seconds: options.warmSeconds, next: spread });
  const cores = availableParallelism();
  const apps = options.pids.map(nextServerPid);
  const unpin = () => apps.forEach((pid) => setAffinity(pid, `0-${cores - 1}`));
  unpin();
  const one = await withCpu(options.pids, () => load({ concurrency: options.connections, seconds: options.seconds, next: () => options.target(a) }));
  // Pinned only if every process could be (else both run unpinned, and the report says so).
  const pinned = cores >= 2 && apps.every((pid, i) => setAffinity(pid, String(i % cores)));
  if (!pinned) unpin();
  let two: Awaited<ReturnType<typeof withCpu>>;
  try {
    two = await withCpu(options.pids, () => load({ concurrency: options.connections, seconds: options.seconds, next: spread }));
  } finally {
    unpin();
  }
  const rows: ScalingRow[] = [
    { name: `${options.name}, 1 process`, ratio: 1, ...one.summary, cpu: one.cpu },
    { name: `${options.name}, 2 processes`, ratio: Number((two.summary.reqPerSec / (one.summary.reqPerSec || 1)).toFixed(2)), ...two.summary, cpu: two.cpu },
  ];
  const { appMs, pgMs, benchMs } = two.cpu;
  const perCore = (ms: number) => Math.round(1000 / Math.max(ms, 0.001));
  const served = (cores: number) => Math.round((cores * 1000) / Math.max(appMs + pgMs, 0.001));
  const prediction =
    `Per request (two-process run) the app processes used ${appMs.toFixed(2)} ms of CPU, PostgreSQL ${pgMs.toFixed(2)} ms and the load generator ${benchMs.toFixed(2)} ms: ` +
    `one app core serves about ${perCore(appMs)} req/s and one PostgreSQL core about ${perCore(pgMs)} req/s, so with the load generator elsewhere ` +
    `2 cores would serve about ${served(2)}, 4 about ${served(4)}, 8 about ${served(8)} and N about N × ${served(1)} req/s of this route (CPU-bound, before any lock or I/O limit). ` +
    ceiling(one.cpu);
  return { rows, prediction, pinned };
}
