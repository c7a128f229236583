// Indexes behind the block reads : with 100k blocks (and as many documents, views,
// some pendencies and the findings of a tenth of the documents) spread over 200 clients, ANALYZEd, every SELECT the block list (a month and the
// whole map), the pendency list, the client list and the block viewer's calls really issue is captured
// at the pg driver and EXPLAINed with its own parameters: no sequential scan on blocks — nor on the
// other big tables they join. Another office holds many more clients: the client list probes the
// caller's office through an index, never every office's clients.
import { Client as PgClient } from "pg";
import { POST as contabilizePost } from "@/app/api/block/contabilize/route";
import { POST as listPost } from "@/app/api/block/list/route";
import { POST as documentsPost } from "@/app/api/document/block/route";
import { POST as pendencyPost } from "@/app/api/pendency/list/route";
import { GET as clientsGet } from "@/app/api/clients/route";
import { POST as accountsPost } from "@/app/api/account/client/route";
import { getDb, type Client } from "@/server/db/client";
import {
  createAccount,
  createAccountingOperator,
  createClient,
  createOffice,
  type OperatorWithUser,
} from "../helpers/factories";
import { captureStatements, type Statement } from "../helpers/statements";
import { call } from "../helpers/http";
import { login } from "./operators-support";

const CLIENTS = 200;
const BLOCKS = 100_000;
const OTHER_OFFICE_CLIENTS = 5000;
const OTHER_OFFICES = 20;
const BIG_TABLES = [
  "blocks",
  "documents",
  "block_views",
  "pendencies",
  "document_findings",
  "block_duplicate_dismissals",
];

let owner: OperatorWithUser;
let target: Client;
let token: string;
let blockId: number;
let waitingId: number;

beforeAll(async () => {
  const db = getDb();
  const office = await createOffice();
  owner = await createAccountingOperator({ office, type: 0 });
  target = await createClient({ office, responsible: owner });
  const account = await createAccount({ office, yearOfExercise: 2025 });
  await db.$executeRaw`
    INSERT INTO clients (office_id, type, name, code, responsible_operator_id, modified_at, created_at, updated_at)
    SELECT ${office.id}::int, 'juridicPerson', 'Cliente ' || g, lpad(g::text, 14, '0'), ${owner.id}::int, now(), now(), now()
      FROM generate_series(1, ${CLIENTS - 1}::int) g`;
  // The other offices' clients, each office with a chart: an account moves the version of every one of
  // its office's clients' lists, so they all have a row in client_list_versions.
  for (let n = 0; n < OTHER_OFFICES; n++) {
    const other = await createOffice();
    const otherOwner = await createAccountingOperator({ office: other, type: 0 });
    await db.$executeRaw`
      INSERT INTO clients (office_id, type, name, code, responsible_operator_id, modified_at, created_at, updated_at)
      SELECT ${other.id}::int, 'juridicPerson', 'Outro ' || g, lpad(g::text, 14, '0'), ${otherOwner.id}::int, now(), now(), now()
        FROM generate_series(1, ${OTHER_OFFICE_CLIENTS / OTHER_OFFICES}::int) g`;
    await createAccount({ office: other, yearOfExercise: 2025 });
  }
  const clientIds = (
    await db.client.findMany({ where: { officeId: office.id }, select: { id: true }, orderBy: { id: "asc" } })
  ).map((c) => c.id);
  // Every fifth block uncategorised; the rest categorised over 2021-2025, a third of those contabilised.
  await db.$executeRaw`
    INSERT INTO blocks (client_id, account_id, payment_date, value_cents, contabilized_at, sent_at, version, created_at, updated_at)
    SELECT (${clientIds}::int[])[1 + g % ${clientIds.length}::int],
           CASE WHEN g % 5 = 0 THEN NULL ELSE ${account.id}::int END,
           CASE WHEN g % 5 = 0 THEN NULL ELSE date '2021-01-01' + (g % 1800) END,
           CASE WHEN g % 5 = 0 THEN NULL ELSE 100 + g END,
           CASE WHEN g % 3 = 0 AND g % 5 <> 0 THEN timestamptz '2025-01-01' + (g || ' seconds')::interval END,
           timestamptz '2021-01-01' + ((g % 1800) || ' days')::interval + ((g % 86400) || ' seconds')::interval,
           0, now(), now()
      FROM generate_series(1, ${BLOCKS}::int) g`;
  await db.$executeRaw`
    INSERT INTO documents (client_id, block_id, display_key, thumb_key, mime, width, height, size, hash, photo_hash, created_at)
    SELECT b.client_id, b.id, 'documents/' || b.client_id || '/d' || b.id || '.webp', 'documents/' || b.client_id || '/t' || b.id || '.webp',
           'image/webp', 800, 1200, 1000, md5(b.id::text),
           -- A photo hash (64 bits drawn from the block's id) for "mesma foto"'s band indexes.
           (hashtext(b.id::text)::bigint << 32) | (hashtext('p' || b.id)::bigint & 4294967295), b.sent_at
      FROM blocks b`;
  await db.$executeRaw`
    INSERT INTO block_views (block_id, operator_id, viewed_at) SELECT id, ${owner.id}::int, now() FROM blocks WHERE id % 2 = 0`;
  await db.$executeRaw`
    INSERT INTO pendencies (client_id, block_id, issue, observations, created_at, queued_at, solved_at)
    SELECT client_id, id, 0, '', sent_at, sent_at, CASE WHEN id % 2 = 0 THEN sent_at + interval '1 day' END
      FROM blocks WHERE account_id IS NULL AND id % 4 = 0`;
  // A reading on a fifth of each client's blocks (its ids step by CLIENTS), two by two sharing a code
  // (duplicates); an imported key on every 97th block.
  await db.$executeRaw`
    INSERT INTO document_findings (document_id, client_id, position, source, code, finding)
    SELECT d.id, d.client_id, 0, 'qrcode', c.code,
           jsonb_build_object('kind', 'fiscal', 'source', 'qrcode', 'key', c.code, 'model', '65',
                              'cnpj', '12345678000195', 'supplierName', NULL, 'date', '2025-01-01', 'valueCents', 100)
      FROM documents d
     CROSS JOIN LATERAL (
       SELECT lpad((d.client_id::bigint * 1000000 + d.block_id / ${CLIENTS}::int / 10)::text, 44, '0') AS code
     ) c
     WHERE (d.block_id / ${CLIENTS}::int) % 10 IN (0, 1)`;
  await db.$executeRaw`UPDATE blocks SET imported_key = lpad(id::text, 44, '9') WHERE id % 97 = 0`;
  // 'Não é duplicado' said of a tenth of the blocks, each with its next one.
  await db.$executeRaw`
    INSERT INTO block_duplicate_dismissals (block_id, other_block_id)
    SELECT id, id + 1 FROM blocks WHERE id % 10 = 0 AND id < (SELECT max(id) FROM blocks)`;
  await db.$executeRawUnsafe("ANALYZE");
  blockId = (await db.block.findFirstOrThrow({ where: { clientId: target.id }, select: { id: true } })).id;
  waitingId = (
    await db.block.findFirstOrThrow({
      where: {
        client: { officeId: office.id },
        accountId: { not: null },
        contabilizedAt: null,
        paymentDate: { gte: new Date("2024-01-01") },
      },
      select: { id: true },
    })
  ).id;
  token = await login(owner.user.email);
}, 120_000);

/** Every statement the call sends to PostgreSQL, with its parameters. */
async function capture(run: () => Promise<{ status: number }>): Promise<Statement[]> {
  const { result, statements } = await captureStatements(run);
  expect(result.status).toBe(200);
  return statements;
}

async function plans(statements: Statement[]): Promise<string[]> {
  const pg = new PgClient({ connectionString: process.env.DATABASE_URL });
  await pg.connect();
  try {
    const selects = statements.filter((s) => /^\s*(SELECT|WITH)\b/i.test(s.text));
    const out: string[] = [];
    for (const s of selects) {
      const res = await pg.query(`EXPLAIN ${s.text}`, s.values);
      out.push(res.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n"));
      // A prepared statement runs its generic plan (server/db/client.ts): that one too.
      if (s.values.length > 0) {
        const generic = await pg.query(`EXPLAIN (GENERIC_PLAN) ${s.text}`);
        out.push(generic.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n"));
      }
    }
    return out;
  } finally {
    await pg.end();
  }
}

function expectNoSeqScanOnBigTables(all: string[]) {
  for (const plan of all) {
    for (const table of BIG_TABLES) {
      if (new RegExp(`Seq Scan on ${table}\\b`).test(plan)) throw new Error(`sequential scan on ${table}:\n${plan}`);
    }
  }
}

test("the data is there", async () => {
  expect(await getDb().block.count()).toBe(BLOCKS);
  expect(await getDb().block.count({ where: { clientId: target.id } })).toBeGreaterThan(400);
});

const READS_BLOCKS = /\bblocks\b|blocks_/;
test.each([
  [
    "block/list, one month",
    () => call(listPost, { token, body: { clientId: target.id, year: 2024, month: 6 } }),
    1,
    READS_BLOCKS,
  ],
  ["block/list, the whole map", () => call(listPost, { token, body: { clientId: target.id } }), 1, READS_BLOCKS],
  [
    "pendency/list, one year",
    () => call(pendencyPost, { token, body: { clientId: target.id, year: 2024 } }),
    2,
    READS_BLOCKS,
  ],
  ["document/block", () => call(documentsPost, { token, body: { blockId } }), 2, READS_BLOCKS],
  // The cards' "blocks to categorise" flag is the Categorizar badge's count (client_block_counts).
  ["GET /api/clients", () => call(clientsGet, { token }), 1, /\bclient_block_counts\b/],
  [
    "account/client, one month",
    () => call(accountsPost, { token, body: { clientId: target.id, year: 2024, month: 6 } }),
    1,
    READS_BLOCKS,
  ],
  // The posting's reads (EXPLAIN alone does not run it again).
  [
    "block/contabilize at the desk",
    () => call(contabilizePost, { token, body: { blockId: waitingId, link: null } }),
    1,
    READS_BLOCKS,
  ],
])("%s: no sequential scan on blocks, documents, block_views or pendencies", async (_label, run, minSelects, reads) => {
  const statements = await capture(run);
  const explained = await plans(statements);
  if (process.env.PRINT_PLANS) console.log(`${_label}\n${explained.join("\n---\n")}`);
  expect(explained.length).toBeGreaterThanOrEqual(minSelects);
  expect(explained.some((plan) => reads.test(plan))).toBe(true);
  expectNoSeqScanOnBigTables(explained);
});

test("block/list: a block's reading through the findings' indexes, its duplicates through the codes' indexes", async () => {
  // A month this file has not read yet: a month read again at the same version is answered as kept,
  // without reading its blocks (server/blocks/kept-months.ts).
  for (const body of [{ clientId: target.id }, { clientId: target.id, year: 2024, month: 5 }]) {
    const explained = (await plans(await capture(() => call(listPost, { token, body })))).filter((plan) =>
      /\bdocument_findings\b/.test(plan),
    );
    expect(explained.length).toBe(2); // the statement's own plan and its generic plan
    for (const plan of explained) {
      expect(plan).toMatch(/Index Scan using document_findings_document_id_position_idx/);
      expect(plan).toMatch(/document_findings_client_id_code_idx/);
      expect(plan).toMatch(/Index Scan using blocks_imported_key_key/);
    }
  }
});

test("block/list and document/block: the near duplicates through their indexes, no scan", async () => {
  const calls = [
    () => call(listPost, { token, body: { clientId: target.id } }),
    () => call(listPost, { token, body: { clientId: target.id, year: 2024, month: 7 } }),
    () => call(documentsPost, { token, body: { blockId } }),
  ];
  for (const run of calls) {
    const explained = (await plans(await capture(run))).filter((plan) => /photo_hash/.test(plan));
    if (process.env.PRINT_PLANS) console.log(explained.join("\n---\n"));
    expect(explained.length).toBe(2); // the statement's own plan and its generic plan
    for (const plan of explained) {
      // "mesmo fornecedor e valor": one probe of its index per block.
      expect(plan).toMatch(/Index Scan using blocks_supplier_value_idx/);
      // "mesma foto": each band of each photo through its own index.
      for (const band of [0, 1, 2, 3, 4]) expect(plan).toMatch(new RegExp(`documents_photo_band${band}_idx`));
      // 'Não é duplicado': the pair probed through an index (its primary key or its second block's).
      expect(plan).toMatch(/Index (Only )?Scan using block_duplicate_dismissals_(pkey|other_block_id_idx)/);
    }
    expectNoSeqScanOnBigTables(explained);
  }
});

test("block/list: the account suggestion reads each supplier's history through its index", async () => {
  // The whole map: blocks read off notes of the one supplier the data has.
  const all = await plans(await capture(() => call(listPost, { token, body: { clientId: target.id } })));
  if (process.env.PRINT_PLANS) console.log(all.join("\n---\n"));
  const explained = all.filter((plan) => /blocks_supplier_uses_idx/.test(plan));
  expect(explained.length).toBe(2); // the statement's own plan and its generic plan
  // A block without a CNPJ is matched by its supplier's name, through the name's own index.
  for (const plan of explained) expect(plan).toMatch(/blocks_supplier_name_uses_idx/);
  expectNoSeqScanOnBigTables(explained);
});

test("block/list: the version of the office's lists is summed from its own clients' index entries", async () => {
  const explained = (
    await plans(await capture(() => call(listPost, { token, body: { clientId: target.id, year: 2024, month: 8 } })))
  ).filter((plan) => /\bclient_list_versions\b/.test(plan));
  expect(explained.length).toBe(2); // the statement's own plan and its generic plan
  for (const plan of explained) {
    expect(plan).toMatch(/Scan (using|on) client_list_versions_office_id_idx/);
    expect(plan).not.toMatch(/Seq Scan on client_list_versions\b/);
  }
});

test("GET /api/clients reaches the caller's office through an index, not every office's clients", async () => {
  // The cards' statement (the one that reads the badge counts), not the actor load before it.
  const explained = (await plans(await capture(() => call(clientsGet, { token })))).filter((plan) =>
    /\bclient_block_counts\b/.test(plan),
  );
  expect(explained.length).toBeGreaterThanOrEqual(2); // the statement's own plan and its generic plan
  for (const plan of explained) {
    if (/Seq Scan on clients\b/.test(plan)) throw new Error(`sequential scan on clients:\n${plan}`);
    expect(plan).toMatch(/Index Cond: \(office_id = /);
  }
});

// Removing an operator makes PostgreSQL's foreign-key actions run, as generic plans, one statement per
// column that names operators (ON DELETE SET NULL, or CASCADE for phone sessions). On the big tables
// each must find its rows through an index: a scan read every office's blocks inside the removal's
// transaction.
test.each([
  ["blocks", "categorized_by_id", "set null"],
  ["blocks", "contabilized_by_id", "set null"],
  ["blocks", "devolved_by_id", "set null"],
  ["pendencies", "created_by_id", "set null"],
  ["pendencies", "solved_by_id", "set null"],
  // client_accounts.activated_by_id and contabilization_sessions.operator_id have their indexes too, but
  // hold a handful of rows here, where a scan is the right plan.
])("removing an operator: %s.%s (%s) by index", async (table, column, action) => {
  const statement =
    action === "cascade"
      ? `DELETE FROM ONLY ${table} WHERE $1::int = ${column}`
      : `UPDATE ONLY ${table} SET ${column} = NULL WHERE $1::int = ${column}`;
  const pg = new PgClient({ connectionString: process.env.DATABASE_URL });
  await pg.connect();
  try {
    const plan = (await pg.query(`EXPLAIN (GENERIC_PLAN) ${statement}`)).rows
      .map((row: Record<string, string>) => row["QUERY PLAN"])
      .join("\n");
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).toMatch(
      new RegExp(`Index (Only )?Scan .*${table}_${column}_idx|Bitmap Index Scan on ${table}_${column}_idx`),
    );
  } finally {
    await pg.end();
  }
});
