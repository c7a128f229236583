// Item 2: the same load on one app process and spread over two (round robin by loop) that share
// PostgreSQL and the blob folder, and where the CPU goes: the CPU time of every process (the app
// processes, PostgreSQL with its backends, this load generator) read from /proc over each run, per
// request. From it, what N cores would serve when the load generator is elsewhere. The two runs are
// measured in turns (one process, then two, four times over), as the reads are, so that a machine that
// gets busier or quieter during the part moves both sides alike.
//
// The two processes run as N processes on N cores are deployed: each app server (server/serve/main.ts)
// pinned to its own core with all its threads, so the scheduler does not move them between cores and
// their caches stay warm; PostgreSQL and the load generator stay free to run on either. The one
// process runs unpinned, free to use both cores (its collector's helper threads included): the
// baseline is not handicapped.
import { availableParallelism } from "node:os";
import { load, summarize, type Call, type LoadOptions, type Summary } from "./load";
import { cpuDuring, nextServerPid, setAffinity } from "./server";

export type CpuPerRequest = { appMs: number; pgMs: number; benchMs: number };
export type ScalingRow = Summary & { name: string; ratio: number; cpu: CpuPerRequest };

/** `run`'s summary and the CPU per request it cost: the app, PostgreSQL, and this load generator. */
export async function withCpu(
  pids: number[],
  run: () => Promise<Summary>,
): Promise<{ summary: Summary; cpu: CpuPerRequest }> {
  const bench = process.cpuUsage();
  const { result: summary, seconds } = await cpuDuring(pids, run);
  const own = process.cpuUsage(bench);
  const per = (s: number) => Number(((s * 1000) / Math.max(1, summary.n)).toFixed(3));
  return {
    summary,
    cpu: { appMs: per(seconds.app), pgMs: per(seconds.pg), benchMs: per((own.user + own.system) / 1e6) },
  };
}

/** What the turns of one target have measured so far: every sample, the time, the errors and the CPU. */
export type Turns = { samples: number[]; seconds: number; errors: number; app: number; pg: number; bench: number };
export const noTurns = (): Turns => ({ samples: [], seconds: 0, errors: 0, app: 0, pg: 0, bench: 0 });

/** One turn of `load` added to `into`, with the CPU of the processes under `pids` and of this load generator. */
export async function turn(pids: number[], into: Turns, options: Omit<LoadOptions, "samples">): Promise<void> {
  const started = performance.now();
  const { summary, cpu } = await withCpu(pids, () => load({ ...options, samples: into.samples }));
  into.seconds += (performance.now() - started) / 1000;
  into.errors += summary.errors;
  into.app += cpu.appMs * summary.n;
  into.pg += cpu.pgMs * summary.n;
  into.bench += cpu.benchMs * summary.n;
}

/** The summary of all the turns of one target, and its CPU per request. */
export function turnsSummary(t: Turns): Summary & { cpu: CpuPerRequest } {
  const per = (ms: number) => Number((ms / Math.max(1, t.samples.length)).toFixed(3));
  return {
    ...summarize(t.samples, t.seconds, t.errors),
    cpu: { appMs: per(t.app), pgMs: per(t.pg), benchMs: per(t.bench) },
  };
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
  /** Per run, split into `rounds` turns (4). */
  seconds: number;
  warmSeconds: number;
  rounds?: number;
}): Promise<{ rows: ScalingRow[]; prediction: string; pinned: boolean }> {
  const [a, b] = options.ports;
  const spread = (loop: number) => options.target(loop % 2 === 0 ? a : b);
  // Each process warmed alone for a whole run first: the second one starts cold, while the first has
  // served the reads before it, and a process whose JIT is still warming costs more CPU per request
  // (which would be charged to "two processes"). Then the spread, as before.
  for (const port of [a, b])
    await load({ concurrency: options.connections, seconds: options.seconds, next: () => options.target(port) });
  await load({ concurrency: options.connections, seconds: options.warmSeconds, next: spread });
  const cores = availableParallelism();
  const apps = options.pids.map(nextServerPid);
  const unpin = () => apps.forEach((pid) => setAffinity(pid, `0-${cores - 1}`));
  const rounds = Math.max(1, options.rounds ?? 4);
  const slice = { concurrency: options.connections, seconds: options.seconds / rounds };
  const taken = { one: noTurns(), two: noTurns() };
  // Pinned only while every process could be, in every turn (else the rest run unpinned, and the report says so).
  let pinned = cores >= 2;
  try {
    for (let round = 0; round < rounds; round++) {
      unpin();
      await turn(options.pids, taken.one, { ...slice, next: () => options.target(a) });
      pinned = pinned && apps.every((pid, i) => setAffinity(pid, String(i % cores)));
      if (!pinned) unpin();
      await turn(options.pids, taken.two, { ...slice, next: spread });
    }
  } finally {
    unpin();
  }
  const one = turnsSummary(taken.one);
  const two = turnsSummary(taken.two);
  const rows: ScalingRow[] = [
    { name: `${options.name}, 1 process`, ...one, ratio: 1 },
    { name: `${options.name}, 2 processes`, ...two, ratio: Number((two.reqPerSec / (one.reqPerSec || 1)).toFixed(2)) },
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
