// The returned-documents-delete job's cost (found by the review of 28 Nov): its batches are picked by
// `devolved_at < cutoff` with the restore condition, over the whole documents table. With many
// documents over many companies, ANALYZEd, the statement the job really sends is EXPLAIN ANALYZEd with
// its own parameters (in a transaction rolled back): the documents it reads are the returned ones,
// found through an index, not every document of the table filtered one by one. The run before it
// deleted what was due, so this is the last batch of every run (short of the limit), the worst case.
// At this size PostgreSQL 18, without documents_returned_devolved_at_idx, walks the primary key through
// all 100k rows (at 50k it still found them by a skip scan of the (client_id, devolved_at) index).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client as PgClient } from "pg";
import { getDb } from "@/server/db/client";
import { deleteExpiredReturnedDocuments } from "@/server/jobs/returned-documents";
import { createLocalBlobStore } from "@/server/storage/local-blob-store";
import { captureStatements } from "../helpers/statements";
import { createAccountingOperator, createClient, createOffice } from "../helpers/factories";

const CLIENTS = 2000;
const DOCUMENTS = 100_000;

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "bloco-returned-plan-"));
  const db = getDb();
  const office = await createOffice();
  const owner = await createAccountingOperator({ office, type: 0 });
  await createClient({ office, responsible: owner });
  await db.$executeRaw`
    INSERT INTO clients (office_id, type, name, code, responsible_operator_id, modified_at, created_at, updated_at)
    SELECT ${office.id}::int, 'juridicPerson', 'Cliente ' || g, lpad(g::text, 14, '0'), ${owner.id}::int, now(), now(), now()
      FROM generate_series(1, ${CLIENTS - 1}::int) g`;
  const clientIds = (await db.client.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((c) => c.id);
  // One document in a hundred returned, 0 to 19 days ago (so some past due, some not); one in seven of
  // those restored since.
  await db.$executeRaw`
    INSERT INTO documents (client_id, display_key, thumb_key, mime, width, height, size, hash, created_at, devolved_at, restored_at)
    SELECT (${clientIds}::int[])[1 + g % ${clientIds.length}::int], 'plan/' || g || '/d.webp', 'plan/' || g || '/t.webp',
           'image/webp', 800, 1200, 1000, md5(g::text), now() - interval '30 days',
           CASE WHEN g % 100 = 0 THEN now() - (((g / 100) % 20) || ' days')::interval END,
           CASE WHEN g % 700 = 0 THEN now() END
      FROM generate_series(1, ${DOCUMENTS}::int) g`;
  await db.$executeRawUnsafe("ANALYZE");
}, 120_000);
afterAll(() => rm(folder, { recursive: true, force: true }));

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
};

/** Every node of a plan that reads the documents table. */
function documentScans(node: PlanNode): PlanNode[] {
  const own = node["Relation Name"] === "documents" ? [node] : [];
  return [...own, ...(node.Plans ?? []).flatMap(documentScans)];
}

test("the deletion reads the returned documents through an index, not every document", async () => {
  const { result, statements } = await captureStatements(() =>
    deleteExpiredReturnedDocuments({ store: createLocalBlobStore(folder) }),
  );
  expect(result.documents).toBeGreaterThan(0);
  const statement = statements.find((s) => /DELETE FROM documents/.test(s.text));
  expect(statement).toBeDefined();

  const pg = new PgClient({ connectionString: process.env.DATABASE_URL });
  await pg.connect();
  try {
    await pg.query("BEGIN");
    const res = await pg.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement!.text}`, statement!.values);
    await pg.query("ROLLBACK");
    const plan = (res.rows[0] as { "QUERY PLAN": [{ Plan: PlanNode }] })["QUERY PLAN"][0].Plan;
    const scans = documentScans(plan);
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) {
      const read =
        (scan["Actual Rows"] + (scan["Rows Removed by Filter"] ?? 0) + (scan["Rows Removed by Index Recheck"] ?? 0)) *
        scan["Actual Loops"];
      // 1000 documents were ever returned; reading more than that means walking the table.
      if (scan["Node Type"] === "Seq Scan" || read > DOCUMENTS / 100) {
        throw new Error(
          `documents read one by one (${scan["Node Type"]}, ${read} rows):\n${JSON.stringify(plan, null, 2)}`,
        );
      }
    }
  } finally {
    await pg.end();
  }
}, 60_000);
