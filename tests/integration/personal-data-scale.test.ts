// 'Baixar meus dados' of a person who sent 10,000 documents (10,000 blocks of one document each, as many
// audit events): the ZIP lists every block with its count, and the job's time and the process's peak
// extra RSS are printed for docs/performance.md (measured, not asserted).
import { strFromU8, unzipSync } from "fflate";
import { getDb } from "@/server/db/client";
import { buildPersonalDataExport } from "@/server/privacy/personal-data";
import { getBlobStore } from "@/server/storage";
import { createClient, createClientOperator } from "../helpers/factories";

const DOCUMENTS = 10_000;

test("10,000 documents: one ZIP listing every block, built within seconds", async () => {
  const db = getDb();
  const client = await createClient();
  const person = await createClientOperator({ client, type: 0 });
  await db.$executeRaw`
    INSERT INTO blocks (client_id, sent_by_id, sent_at, version, created_at, updated_at)
    SELECT ${client.id}::int, ${person.id}::int, now() - (g || ' minutes')::interval, 0, now(), now()
      FROM generate_series(1, ${DOCUMENTS}::int) g`;
  await db.$executeRaw`
    INSERT INTO documents (client_id, block_id, uploaded_by_id, display_key, thumb_key, mime, width, height, size, hash)
    SELECT client_id, id, ${person.id}::int, 'documents/' || client_id || '/d' || id || '.webp',
           'documents/' || client_id || '/t' || id || '.webp', 'image/webp', 2000, 1500, 300000, md5(id::text)
      FROM blocks WHERE client_id = ${client.id}::int`;
  await db.$executeRaw`
    INSERT INTO audit_events (at, actor_user_id, client_id, action, target_type, target_id)
    SELECT now() - (g || ' minutes')::interval, ${person.userId}::int, ${client.id}::int, 'block.send', 'block', g::text
      FROM generate_series(1, ${DOCUMENTS}::int) g`;
  await db.$executeRawUnsafe("ANALYZE blocks, documents, audit_events");
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
