// Item 1: authenticated, DB-backed reads against the static-JSON route of the same server, each at
// `connections` concurrent loops for `seconds` after a warm-up. The business home row is the set of
// calls the business /home screen makes on load (components/business/business-home.tsx and its frame,
// through lib/api): GET /api/me/ (useMe), GET /api/client (useOwnClient), POST /api/account/client
// {year, month} (useBusinessAccounts) and POST /api/block/list {year, month} (useBusinessBlocks, shared
// by the frame's badge): the loops cycle through the four, so its req/s is calls per second of that mix.
// The targets are measured in turns: `rounds` rounds of a slice of each, the static route first in every
// round, so a machine whose speed drifts during the run (by half on this shared one, from one minute to
// the next) moves the floor and the reads alike; each figure sums its slices.
import { currentYearMonth } from "../../lib/format/dates";
import { load, type Call, type Summary } from "./load";
import { noTurns, turn, turnsSummary, type CpuPerRequest } from "./scaling";
import { get, post } from "./world";

export type ReadRow = Summary & { name: string; ratio: number; cpu: CpuPerRequest };

export const staticRoute = (port: number): Call => get(port, "/api/health/live");

export async function measureReads(options: {
  port: number;
  office: string;
  business: string;
  officeClientId: number;
  clientCount: number;
  connections: number;
  seconds: number;
  warmSeconds: number;
  /** The start script's PID (the app and PostgreSQL under it): the CPU per request of each target. */
  pid: number;
  /** How many turns the `seconds` of each target are split into (4). */
  rounds?: number;
}): Promise<ReadRow[]> {
  const { port, office, business } = options;
  const { year, month } = currentYearMonth();
  const homeCalls = [
    get(port, "/api/me/", business),
    get(port, "/api/client", business),
    post(port, "/api/account/client", business, { year, month }),
    post(port, "/api/block/list", business, { year, month }),
  ];
  const targets: { name: string; next: (loop: number, i: number) => Call }[] = [
    { name: "static JSON route (Next floor)", next: () => staticRoute(port) },
    { name: "GET /api/me/ (JWT + actor)", next: () => get(port, "/api/me/", office) },
    { name: `GET /api/clients (${options.clientCount} cards)`, next: () => get(port, "/api/clients", office) },
    {
      name: "POST /api/block/list (a month, office)",
      next: () => post(port, "/api/block/list", office, { clientId: options.officeClientId, year, month }),
    },
    {
      name: "POST /api/block/list (a month, business)",
      next: () => post(port, "/api/block/list", business, { year, month }),
    },
    {
      name: "business home on load (me + client + account/client + block/list)",
      next: (loop, i) => homeCalls[(loop + i) % homeCalls.length],
    },
  ];
  // Every target warmed first (JIT, prepared statements, caches), then measured in turns.
  for (const target of targets)
    await load({ concurrency: options.connections, seconds: options.warmSeconds, next: target.next });
  const rounds = Math.max(1, options.rounds ?? 4);
  const slice = options.seconds / rounds;
  const taken = targets.map(noTurns);
  for (let round = 0; round < rounds; round++) {
    for (const [i, target] of targets.entries())
      await turn([options.pid], taken[i], { concurrency: options.connections, seconds: slice, next: target.next });
  }
  const rows: ReadRow[] = targets.map((target, i) => ({ name: target.name, ratio: 0, ...turnsSummary(taken[i]) }));
  const floor = rows[0].reqPerSec || 1;
  for (const row of rows) row.ratio = Number((row.reqPerSec / floor).toFixed(2));
  return rows;
}
