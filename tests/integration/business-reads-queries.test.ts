// Cost of the business reads: every list answers in the same number of SQL statements with a
// handful of rows and with tens of thousands (counted at the pg driver, authentication included), and,
// on 60k blocks, 90k documents, pendencies and presences over 100 companies (ANALYZEd), no statement of
// theirs scans blocks, documents or pendencies sequentially (EXPLAIN with its own parameters).
import { Client as PgClient } from "pg";
import { POST as listPost } from "@/app/api/block/list/route";
import { GET as ownClientGet } from "@/app/api/client/route";
import { GET as librariesGet } from "@/app/api/library/all/route";
import { POST as documentsPost } from "@/app/api/library/documents/route";
import { GET as sentOperatorsGet } from "@/app/api/operator/sent/get/route";
import { POST as sentPost } from "@/app/api/block/sent/route";
import { GET as devolvedGet } from "@/app/api/document/devolved/route";
import { POST as tosolvePost } from "@/app/api/pendency/tosolve/route";
import { POST as syncPost } from "@/app/api/operator/sync/pendency/route";
import { getDb, type Client } from "@/server/db/client";
import {
  createBlock,
  createClient,
  createClientOperator,
  createDocument,
  createOffice,
  type ClientOperatorWithUser,
} from "../helpers/factories";
import { captureStatements, type Statement } from "../helpers/statements";
import { call, type CallResult } from "../helpers/http";
import { loginAll } from "./world";

const COMPANIES = 100;
const BLOCKS = 60_000;
const GALLERY = 30_000;
// presences is not among them: one row per person, screen and company, expired by the jobs; at this
// size PostgreSQL rightly reads it whole.
const BIG_TABLES = ["blocks", "documents", "pendencies"];
const DAY = 86_400_000;

let target: Client;
let me: ClientOperatorWithUser;
let colleague: ClientOperatorWithUser;
let token: string;
let year: number;

beforeAll(async () => {
  const office = await createOffice();
  target = await createClient({ office });
  me = await createClientOperator({ client: target, type: 0, sharedGallery: true });
  colleague = await createClientOperator({ client: target, type: 2, sharedGallery: true });
  // A few rows of everything for the small measurement.
  const now = Date.now();
  year = new Date(now - 40 * DAY).getUTCFullYear();
  for (const who of [me, colleague]) {
    await createDocument({ client: target, uploadedBy: who });
    await createBlock({ client: target, sentBy: who, sentAt: new Date(now - 40 * DAY) });
  }
  await createBlock({ client: target, sentBy: me, state: "pendency", sentAt: new Date(now - 40 * DAY) });
  await createBlock({
    client: target,
    sentBy: me,
    state: "devolved",
    sentAt: new Date(now - 3 * DAY),
    devolvedAt: new Date(now - 2 * DAY),
  });
  ({ token } = await loginAll({ token: me }));
}, 60_000);

async function capture<T>(
  run: () => Promise<CallResult<T>>,
): Promise<{ result: CallResult<T>; statements: Statement[] }> {
  const captured = await captureStatements(run);
  expect(captured.result.status).toBe(200);
  return captured;
}

/** Every call of the business reads, with how many statements it may take (authentication included). */
const calls: [string, () => Promise<CallResult<unknown>>, number][] = [
  ["GET /api/library/all", () => call(librariesGet, { token }), 2],
  ["POST /api/library/documents (own)", () => call(documentsPost, { token, body: {} }), 2],
  [
    "POST /api/library/documents (a colleague's)",
    () => call(documentsPost, { token, body: { operatorId: colleague.id } }),
    3,
  ],
  ["GET /api/operator/sent/get", () => call(sentOperatorsGet, { token }), 2],
  ["POST /api/block/sent (own, a year)", () => call(sentPost, { token, body: { operatorId: me.id, year } }), 2],
  [
    "POST /api/block/sent (a colleague's, a year)",
    () => call(sentPost, { token, body: { operatorId: colleague.id, year } }),
    3,
  ],
  ["GET /api/document/devolved", () => call(devolvedGet, { token }), 2],
  ["POST /api/pendency/tosolve", () => call(tosolvePost, { token, body: {} }), 2],
  ["POST /api/pendency/tosolve (next)", () => call(tosolvePost, { token, body: { next: true } }), 3],
  ["POST /api/operator/sync/pendency", () => call(syncPost, { token, body: {} }), 2],
  ["POST /api/block/list (business, whole map)", () => call(listPost, { token, body: {} }), 3],
  // The home's own company: the actor load, then its row.
  ["GET /api/client (own company)", () => call(ownClientGet, { token }), 2],
];

const small = new Map<string, number>();

describe("a handful of rows", () => {
  test.each(calls)("%s", async (label, run, most) => {
    const { result, statements } = await capture(run);
    expect(JSON.stringify(result.json.data).length).toBeGreaterThan(2);
    expect(statements.length).toBeLessThanOrEqual(most);
    small.set(label, statements.length);
  });
});

describe("tens of thousands of rows", () => {
  beforeAll(async () => {
    const db = getDb();
    const officeId = target.officeId;
    // 99 more companies, one operator each (users first).
    await db.$executeRaw`
      INSERT INTO clients (office_id, type, name, code, responsible_operator_id, modified_at, created_at, updated_at)
      SELECT ${officeId}::int, 'juridicPerson', 'Empresa ' || g, lpad(g::text, 14, '0'), ${target.responsibleOperatorId}::int, now(), now(), now()
        FROM generate_series(1, ${COMPANIES - 1}::int) g`;
    await db.$executeRaw`
      INSERT INTO users (email, password_hash, name, created_at, updated_at)
      SELECT 'carga-' || g || '-' || ${officeId}::int || '@teste.bloco', 'x', 'Operador ' || g, now(), now()
        FROM generate_series(1, ${COMPANIES - 1}::int) g`;
    await db.$executeRaw`
      INSERT INTO client_operators (user_id, client_id, type, shared_gallery, created_at, updated_at)
      SELECT u.id, c.id, 0, true, now(), now()
        FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE email LIKE 'carga-%-' || ${officeId}::int || '@teste.bloco') u
        JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM clients WHERE office_id = ${officeId}::int AND name LIKE 'Empresa %') c ON c.n = u.n`;
    // Index 1 of the arrays is the target company with its two people; the rest one operator each.
    const companies = await db.clientOperator.findMany({
      where: { client: { officeId } },
      select: { id: true, clientId: true },
      orderBy: { id: "asc" },
    });
    const clientIds = companies.map((row) => row.clientId);
    const operatorIds = companies.map((row) => row.id);
    const n = companies.length;
    // Blocks over five years; every tenth devolved, every fiftieth undone; one document each.
    await db.$executeRaw`
      INSERT INTO blocks (client_id, sent_by_id, sent_at, devolved_at, undone_at, version, created_at, updated_at)
      SELECT (${clientIds}::int[])[1 + g % ${n}::int], (${operatorIds}::int[])[1 + g % ${n}::int],
             now() - ((g % 1800) || ' days')::interval - ((g % 86400) || ' seconds')::interval,
             CASE WHEN g % 10 = 0 THEN now() - ((g % 20) || ' days')::interval END,
             CASE WHEN g % 50 = 1 THEN now() - ((g % 1800) || ' days')::interval END,
             0, now(), now()
        FROM generate_series(1, ${BLOCKS}::int) g`;
    await db.$executeRaw`
      INSERT INTO documents (client_id, block_id, uploaded_by_id, display_key, thumb_key, mime, width, height, size, hash, devolved_at, created_at)
      SELECT b.client_id, b.id, b.sent_by_id, 'documents/' || b.client_id || '/d' || b.id || '.webp', 'documents/' || b.client_id || '/t' || b.id || '.webp',
             'image/webp', 800, 1200, 1000, md5(b.id::text), b.devolved_at, b.sent_at
        FROM blocks b WHERE b.client_id = ANY(${clientIds}::int[])`;
    // Galleries: documents in no block, some rescued, some deleted.
    await db.$executeRaw`
      INSERT INTO documents (client_id, uploaded_by_id, display_key, thumb_key, mime, width, height, size, hash, rescued, deleted_at, created_at)
      SELECT (${clientIds}::int[])[1 + g % ${n}::int], (${operatorIds}::int[])[1 + g % ${n}::int],
             'documents/g/d' || g || '.webp', 'documents/g/t' || g || '.webp', 'image/webp', 800, 1200, 1000, md5(g::text),
             g % 7 = 0, CASE WHEN g % 11 = 0 THEN now() END, now() - ((g % 900) || ' hours')::interval
        FROM generate_series(1, ${GALLERY}::int) g`;
    // Pendencies on every sixth live block, a third of them open; presences of every company.
    await db.$executeRaw`
      INSERT INTO pendencies (client_id, block_id, issue, observations, created_at, queued_at, solved_at)
      SELECT client_id, id, 0, '', sent_at, sent_at, CASE WHEN id % 3 <> 0 THEN sent_at + interval '1 day' END
        FROM blocks WHERE client_id = ANY(${clientIds}::int[]) AND id % 6 = 0 AND devolved_at IS NULL`;
    await db.$executeRaw`
      INSERT INTO presences (user_id, client_id, screen, seen_at)
      SELECT co.user_id, co.client_id, s.screen, now() - ((co.id % 60) || ' seconds')::interval
        FROM client_operators co CROSS JOIN (VALUES ('pendency'), ('categorization')) s(screen)
       WHERE co.client_id = ANY(${clientIds}::int[]) AND co.id <> ${me.id}::int
      ON CONFLICT DO NOTHING`;
    await db.$executeRawUnsafe("ANALYZE");
  }, 180_000);

  test("the data is there", async () => {
    expect(await getDb().block.count()).toBeGreaterThanOrEqual(BLOCKS);
    expect(
      await getDb().document.count({ where: { clientId: target.id, uploadedById: me.id, blockId: null } }),
    ).toBeGreaterThan(100);
    expect(await getDb().block.count({ where: { clientId: target.id, sentById: me.id } })).toBeGreaterThan(100);
  });

  test.each(calls)("%s: as many statements as with a handful, none scanning a big table", async (label, run) => {
    const { result, statements } = await capture(run);
    expect(JSON.stringify(result.json.data).length).toBeGreaterThan(2);
    expect(statements.length).toBe(small.get(label));
    const plans = await explain(statements);
    if (process.env.PRINT_PLANS) console.log(`${label}\n${plans.join("\n---\n")}`);
    for (const plan of plans) {
      for (const table of BIG_TABLES) {
        if (new RegExp(`Seq Scan on ${table}\\b`).test(plan))
          throw new Error(`${label}: sequential scan on ${table}:\n${plan}`);
      }
    }
  });
});

/** EXPLAIN (without running) every statement but the authentication's, with its own parameters. */
async function explain(statements: Statement[]): Promise<string[]> {
  const pg = new PgClient({ connectionString: process.env.DATABASE_URL });
  await pg.connect();
  try {
    const out: string[] = [];
    for (const s of statements.filter((st) => /^\s*(SELECT|WITH|UPDATE)\b/i.test(st.text))) {
      const res = await pg.query(`EXPLAIN ${s.text}`, s.values);
      out.push(res.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n"));
    }
    return out;
  } finally {
    await pg.end();
  }
}
