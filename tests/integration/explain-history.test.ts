// The client history's statement on indexes: with 20k blocks (80k entries, 20k exported) in one client beside others,
// the plan of the first page, a deep page and the filtered pages has no sequential scan on the sources'
// tables, and every source reads at most a page (docs/decisions/0285-block-and-client-history.md).
import { getDb } from "@/server/db/client";
import { historyStatement, type Scope } from "@/server/history/sources";
import { createAccountingOperator, createClient, createOffice } from "../helpers/factories";

const BLOCKS = 20_000;
const TABLES = ["blocks", "audit_events", "block_views", "pendencies", "exports", "export_blocks"];

let clientId: number;
let operator: { operatorId: number; userId: number };

beforeAll(async () => {
  const db = getDb();
  const office = await createOffice();
  const owner = await createAccountingOperator({ office, type: 0 });
  operator = { operatorId: owner.id, userId: owner.userId };
  const client = await createClient({ office, responsible: owner });
  const other = await createClient({ office, responsible: owner });
  clientId = client.id;
  await db.$executeRaw`
    INSERT INTO blocks (client_id, sent_at, categorized_at, categorized_by_id, contabilized_at, contabilized_by_id,
                        devolved_at, undone_at, version, created_at, updated_at)
    SELECT CASE WHEN g % 4 = 0 THEN ${other.id}::int ELSE ${client.id}::int END,
           now() - (g || ' minutes')::interval,
           CASE WHEN g % 3 = 0 THEN now() - (g || ' minutes')::interval + interval '5 minutes' END,
           CASE WHEN g % 3 = 0 THEN ${owner.id}::int END,
           CASE WHEN g % 9 = 0 THEN now() - (g || ' minutes')::interval + interval '9 minutes' END,
           CASE WHEN g % 9 = 0 THEN ${owner.id}::int END,
           CASE WHEN g % 50 = 1 THEN now() - (g || ' minutes')::interval + interval '7 minutes' END,
           CASE WHEN g % 70 = 2 THEN now() - (g || ' minutes')::interval + interval '1 minute' END,
           0, now(), now()
      FROM generate_series(1, ${BLOCKS}::int) g`;
  await db.$executeRaw`
    INSERT INTO audit_events (at, actor_user_id, office_id, client_id, action, target_type, target_id, block_id, data)
    SELECT b.sent_at + interval '3 minutes', ${owner.userId}::int, ${office.id}::int, b.client_id,
           CASE WHEN b.id % 2 = 0 THEN 'block.save' ELSE 'block.contabilize' END, 'block', b.id::text, b.id, '{}'::jsonb
      FROM blocks b WHERE b.client_id IN (${client.id}::int, ${other.id}::int)`;
  await db.$executeRaw`
    INSERT INTO audit_events (at, actor_user_id, office_id, client_id, action)
    SELECT now() - (g || ' seconds')::interval, ${owner.userId}::int, ${office.id}::int, ${client.id}::int, 'contabilization.init'
      FROM generate_series(1, ${BLOCKS}::int) g`;
  await db.$executeRaw`
    INSERT INTO block_views (block_id, operator_id, viewed_at)
    SELECT id, ${owner.id}::int, sent_at + interval '2 minutes' FROM blocks WHERE client_id IN (${client.id}::int, ${other.id}::int)`;
  await db.$executeRaw`
    INSERT INTO pendencies (client_id, block_id, issue, observations, created_by_id, created_at, queued_at, solved_at)
    SELECT client_id, id, 0, '', ${owner.id}::int, sent_at + interval '4 minutes', sent_at,
           CASE WHEN id % 2 = 0 THEN sent_at + interval '1 day' END
      FROM blocks WHERE client_id IN (${client.id}::int, ${other.id}::int) AND id % 5 = 0`;
  // An export a day over the last months, each naming ten blocks.
  await db.$executeRaw`
    INSERT INTO exports (office_id, client_id, year, month, format, by_id, at, postings, sha256)
    SELECT ${office.id}::int, ${client.id}::int, 2026, 1 + g % 12, 'csv', ${owner.id}::int,
           now() - (g || ' hours')::interval, 10, md5(g::text)
      FROM generate_series(1, 2000) g`;
  await db.$executeRaw`
    INSERT INTO export_blocks (export_id, block_id)
    SELECT x.id, b.id FROM exports x
      CROSS JOIN LATERAL (SELECT id FROM blocks WHERE client_id = x.client_id ORDER BY id OFFSET (x.id % 100) LIMIT 10) b
     WHERE x.client_id = ${client.id}::int`;
  await db.$executeRawUnsafe("ANALYZE blocks, audit_events, block_views, pendencies, exports, export_blocks");
}, 120_000);

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Actual Rows"?: number; Plans?: PlanNode[] };

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function plan(scope: Scope): Promise<PlanNode[]> {
  const { text, values } = historyStatement(scope);
  const [row] = await getDb().$queryRawUnsafe<{ "QUERY PLAN": [{ Plan: PlanNode }] }[]>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${text}`,
    ...values,
  );
  return nodes(row["QUERY PLAN"][0].Plan);
}

const base = (patch: Partial<Extract<Scope, { mode: "client" }>> = {}): Scope => ({
  mode: "client",
  clientId,
  limit: 50,
  cursor: null,
  kind: null,
  operator: null,
  from: null,
  to: null,
  ...patch,
});

test.each([
  ["the first page", () => base()],
  [
    "a deep page",
    () =>
      base({
        cursor: { at: new Date(Date.now() - (BLOCKS - 200) * 60_000).toISOString(), source: 9, k1: 2 ** 31 - 1, k2: 0 },
      }),
  ],
  ["one kind", () => base({ kind: "categorized" })],
  ["the exports", () => base({ kind: "exported" })],
  ["the exports of one operator", () => base({ kind: "exported", operator })],
  ["one operator", () => base({ operator })],
  ["a period", () => base({ from: "2020-01-01", to: "2100-12-31" })],
])("%s: no sequential scan, every source reads at most a page", async (_label, scope) => {
  const planned = await plan(scope());
  const scans = planned.filter(
    (node) => node["Node Type"] === "Seq Scan" && TABLES.includes(node["Relation Name"] ?? ""),
  );
  expect(scans.map((node) => node["Relation Name"])).toEqual([]);
  const reads = planned.filter(
    (node) => /Index/.test(node["Node Type"]) && TABLES.includes(node["Relation Name"] ?? ""),
  );
  expect(reads.length).toBeGreaterThan(0);
  // A source's scan stops at the page (51 rows); the names' lookups read one row each.
  for (const node of reads) expect(node["Actual Rows"] ?? 0).toBeLessThanOrEqual(51);
});
