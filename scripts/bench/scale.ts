// Item 5: the client list (GET /api/clients) and a month of blocks (POST /api/block/list {clientId, year,
// month}) of one office as its client grows to each size in `sizes` (1k, 10k, 100k blocks): the month
// itself keeps the same `monthBlocks` blocks and the rest lie in the ten years before, so a flat time
// means the reads touch the month and not the history. Per size: p50/p95 through the bench's HTTP
// server at `connections` loops, and the SQL statements of one call, counted in this process: the same
// route handlers called in-process on the same database, counting pg's Client.prototype.query (under
// Prisma's adapter) and the statements sent through postgres.js (every statement of the call,
// authentication included, as tests/integration/query-counts.test.ts counts them). The blocks are
// added with set-based SQL (generate_series).
import pg from "pg";
import { currentYearMonth } from "../../lib/format/dates";
import { load, type Summary } from "./load";
import { get, post, scaleWorld, type Server } from "./world";

export type ScaleRow = {
  blocks: number;
  loadSeconds: number;
  clients: Summary & { statements: number };
  month: Summary & { statements: number };
};

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function statements(handler: Handler, token: string, body?: unknown): Promise<number> {
  const call = async () => {
    const res = await handler(
      new Request("http://localhost/api/x", {
        method: body === undefined ? "GET" : "POST",
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      { params: Promise.resolve({}) },
    );
    await res.text();
    if (res.status !== 200) throw new Error(`in-process call: ${res.status}`);
  };
  await call(); // warm: statements prepared, token verified once
  // Prisma's statements reach pg's Client#query; the others go through postgres.js, and statementRows
  // writes a trace line for each (server/db/client.ts statementLog): both are counted.
  const { statementLog } = await import("../../server/db/client");
  const original = pg.Client.prototype.query;
  const level = statementLog.level;
  let count = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    count += 1;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  statementLog.level = "trace";
  const trace = statementLog.trace;
  statementLog.trace = (() => void (count += 1)) as typeof trace;
  try {
    await call();
  } finally {
    pg.Client.prototype.query = original;
    statementLog.trace = trace;
    statementLog.level = level;
  }
  return count;
}

export async function measureScale(options: {
  server: Server;
  port: number;
  sizes: number[];
  monthBlocks: number;
  connections: number;
  seconds: number;
  warmSeconds: number;
}): Promise<ScaleRow[]> {
  const { port } = options;
  const world = await scaleWorld(options.server, port, options.monthBlocks);
  const { GET: clientsGet } = (await import("../../app/api/clients/route")) as unknown as { GET: Handler };
  const { POST: listPost } = (await import("../../app/api/block/list/route")) as unknown as { POST: Handler };
  const { year, month } = currentYearMonth();
  const monthBody = { clientId: world.clientId, year, month };
  const rows: ScaleRow[] = [];
  for (const size of options.sizes) {
    const started = performance.now();
    await world.grow(size);
    const loadSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
    const clientsCall = () => get(port, "/api/clients", world.token);
    const monthCall = () => post(port, "/api/block/list", world.token, monthBody);
    const run = async (next: typeof clientsCall) => {
      await load({ concurrency: options.connections, seconds: options.warmSeconds, next });
      return load({ concurrency: options.connections, seconds: options.seconds, next });
    };
    const clients = await run(clientsCall);
    const monthRead = await run(monthCall);
    rows.push({
      blocks: world.blocks(),
      loadSeconds,
      clients: { ...clients, statements: await statements(clientsGet, world.token) },
      month: { ...monthRead, statements: await statements(listPost, world.token, monthBody) },
    });
  }
  return rows;
}
