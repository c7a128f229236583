// Item 1: authenticated, DB-backed reads against the static-JSON route of the same server, each at
// `connections` concurrent loops for `seconds` after a warm-up. The business home row is the set of
// calls the business /home screen makes on load (components/business/business-home.tsx and its frame,
// through lib/api): GET /api/me/ (useMe), GET /api/client (useOwnClient), POST /api/account/client
// {year, month} (useBusinessAccounts) and POST /api/block/list {year, month} (useBusinessBlocks, shared
// by the frame's badge): the loops cycle through the four, so its req/s is calls per second of that mix.
// The floor is the static route measured first and again last (the mean of the two).
import { currentYearMonth } from "../../lib/format/dates";
import { load, type Call, type Summary } from "./load";
import { get, post } from "./world";

export type ReadRow = Summary & { name: string; ratio: number };

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
    { name: "POST /api/block/list (a month, office)", next: () => post(port, "/api/block/list", office, { clientId: options.officeClientId, year, month }) },
    { name: "POST /api/block/list (a month, business)", next: () => post(port, "/api/block/list", business, { year, month }) },
    { name: "business home on load (me + client + account/client + block/list)", next: (loop, i) => homeCalls[(loop + i) % homeCalls.length] },
  ];
  // Every target warmed first (JIT, prepared statements, caches), then each measured in turn, and the
  // static route once more at the end: the floor is the mean of its two runs (both are in the table).
  for (const target of targets) await load({ concurrency: options.connections, seconds: options.warmSeconds, next: target.next });
  const measured = async (name: string, next: (loop: number, i: number) => Call): Promise<ReadRow> => ({
    name,
    ratio: 0,
    ...(await load({ concurrency: options.connections, seconds: options.seconds, next })),
  });
  const rows: ReadRow[] = [];
  for (const target of targets) rows.push(await measured(target.name, target.next));
  rows.push(await measured("static JSON route again (after the reads)", targets[0].next));
  const floor = (rows[0].reqPerSec + rows[rows.length - 1].reqPerSec) / 2 || 1;
  for (const row of rows) row.ratio = Number((row.reqPerSec / floor).toFixed(2));
  return rows;
}
