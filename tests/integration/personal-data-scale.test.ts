// 'Baixar meus dados' of a person who sent 10,000 documents (10,000 blocks of one document each, as many
// audit events): the ZIP lists every block with its count, and the job's time and the process's peak
// extra RSS are printed for docs/performance.md (measured, not asserted).
import { strFromU8, unzipSync } from "fflate";
import { getDb } from "@/server/db/client";
import { buildPersonalDataExport } from "@/server/privacy/personal-data";
import { insertSentHistory } from "@/server/seed/sent-history";
import { getBlobStore } from "@/server/storage";
import { createClient, createClientOperator } from "../helpers/factories";

const DOCUMENTS = 10_000;

test("10,000 documents: one ZIP listing every block, built within seconds", async () => {
  const db = getDb();
  const client = await createClient();
  const person = await createClientOperator({ client, type: 0 });
  await insertSentHistory(db, { clientId: client.id, operatorId: person.id, userId: person.userId, count: DOCUMENTS });
  const row = await db.personalDataExport.create({
    data: { userId: person.userId, tokenHash: `scale-${person.userId}`, expiresAt: new Date(Date.now() + 3_600_000) },
  });

  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const result = await buildPersonalDataExport(row.id);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  expect(result.mailed).toBe(true);

  const ready = await db.personalDataExport.findUniqueOrThrow({ where: { id: row.id } });
  const zip = await getBlobStore().get(ready.blobKey!);
  const files = unzipSync(new Uint8Array(zip!.body));
  const lines = strFromU8(files["blocos-enviados.csv"]!).trim().split("\r\n");
  expect(lines).toHaveLength(DOCUMENTS + 1);
  expect(lines.slice(1).every((line) => line.split(";")[3] === "1")).toBe(true);
  expect(JSON.parse(strFromU8(files["eventos.json"]!)).length).toBeGreaterThanOrEqual(DOCUMENTS);
  console.log(
    `personal data export, ${DOCUMENTS} documents: ${seconds.toFixed(2)} s, ZIP ${result.bytes} bytes, ` +
      `peak extra RSS ${Math.round((peak - baseline) / 1_048_576)} MB (sampled every 10 ms)`,
  );
}, 120_000);
