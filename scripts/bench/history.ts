// The client history (POST /api/client/history) of one client as its events grow to each size in
// `sizes` (1k … 100k entries): the first page and a deep one (a cursor 90 % of the way back in time),
// p50/p95 through the bench's HTTP server at `connections` loops. A flat time means each page reads a
// page per source from its index, not the client's whole history. The entries are made with set-based
// SQL, four per block (docs/decisions/0285-block-and-client-history.md): the block's send (its
// column), a save's and a posting's audit events (block_id set) and an operator's view, spread over
// the three years before now.
import { encodeHistoryCursor } from "../../lib/contract/history";
import { load, type Summary } from "./load";
import { login, post, type Server } from "./world";

export type HistoryRow = { entries: number; loadSeconds: number; first: Summary; deep: Summary };

const PER_BLOCK = 4;

async function historyWorld(server: Server, port: number) {
  const office = await server.createOffice({ name: "Escritório Bench Histórico" });
  const owner = await server.createAccountingOperator({ office, type: 0 });
  const client = await server.createClient({ office, responsible: owner });
  const db = server.getDb();
  let blocks = 0;
  const grow = async (entries: number) => {
    const want = Math.ceil(entries / PER_BLOCK);
    if (want <= blocks) return;
    const from = blocks + 1;
    // Each block g at a moment of the last three years (by g, spread), then its save, posting and view.
    const at = `now() - ((g * 7919) % (3 * 365 * 24 * 60) || ' minutes')::interval`;
    await db.$executeRawUnsafe(
      `INSERT INTO blocks (client_id, sent_at, version, categorized_logged, contabilized_logged, created_at, updated_at)
       SELECT $1::int, ${at}, 0, true, true, now(), now() FROM generate_series($2::int, $3::int) g`,
      client.id,
      from,
      want,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO audit_events (at, actor_user_id, office_id, client_id, action, target_type, target_id, block_id, data)
       SELECT b.sent_at + interval '1 hour' * k, $2::int, $3::int, b.client_id,
              CASE k WHEN 1 THEN 'block.save' ELSE 'block.contabilize' END, 'block', b.id::text, b.id,
              CASE k WHEN 1 THEN '{"before":{"accountId":null},"after":{"accountId":1,"code":"1.1.01","date":"2026-01-01","value":"10.00"}}'::jsonb
                     ELSE '{"via":"desktop"}'::jsonb END
         FROM blocks b CROSS JOIN generate_series(1, 2) k
        WHERE b.client_id = $1::int AND NOT EXISTS (SELECT 1 FROM audit_events e WHERE e.block_id = b.id)`,
      client.id,
      owner.userId,
      office.id,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO block_views (block_id, operator_id, viewed_at)
       SELECT b.id, $2::int, b.sent_at + interval '30 minutes' FROM blocks b WHERE b.client_id = $1::int
       ON CONFLICT DO NOTHING`,
      client.id,
      owner.id,
    );
    blocks = want;
    await db.$executeRawUnsafe("ANALYZE blocks, audit_events, block_views, pendencies");
  };
  const deepCursor = async () => {
    const [row] = await db.$queryRawUnsafe<{ at: Date }[]>(
      `SELECT min(sent_at) + (max(sent_at) - min(sent_at)) * 0.1 AS at FROM blocks WHERE client_id = $1::int`,
      client.id,
    );
    return encodeHistoryCursor({ at: new Date(row.at).toISOString(), source: 9, k1: 2 ** 31 - 1, k2: 0 });
  };
  return {
    token: await login(port, owner.user.email),
    clientId: client.id,
    grow,
    entries: () => blocks * PER_BLOCK,
    deepCursor,
  };
}

export async function measureHistory(options: {
  server: Server;
  port: number;
  sizes: number[];
  connections: number;
  seconds: number;
  warmSeconds: number;
}): Promise<HistoryRow[]> {
  const { port } = options;
  const world = await historyWorld(options.server, port);
  const rows: HistoryRow[] = [];
  for (const size of options.sizes) {
    const started = performance.now();
    await world.grow(size);
    const loadSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
    const cursor = await world.deepCursor();
    const run = async (body: unknown) => {
      const next = () => post(port, "/api/client/history", world.token, body);
      await load({ concurrency: options.connections, seconds: options.warmSeconds, next });
      return load({ concurrency: options.connections, seconds: options.seconds, next });
    };
    const first = await run({ clientId: world.clientId });
    const deep = await run({ clientId: world.clientId, cursor });
    rows.push({ entries: world.entries(), loadSeconds, first, deep });
  }
  return rows;
}
