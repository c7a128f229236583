// Near-duplicate blocks (docs/decisions/0300-near-duplicate-blocks.md), measured two ways:
// - the time of a block's read with every duplicate check (the shared codes, "mesmo fornecedor e valor
//   em até 3 dias", "mesma foto", the dismissed pairs) at one client of a fresh office holding
//   BENCH_DUPLICATE_BLOCKS (100,000) blocks, one photo each (100,000 documents with a photo hash), every
//   block of one of 200 suppliers with its value and date, a fifth with a note read off it (a finding
//   with its code), and every 50th block a near copy of the one before (same supplier, value and date,
//   its photo hash 2 bits away); the server's own loadBlockRows (the lists' and the queue's statement)
//   called in the bench process for 300 blocks one at a time, and for a month of the client;
// - the photo rule's quality on a generated set (duplicates-photos.ts).
import { measurePhotoMatch, type PhotoMatchResult } from "./duplicates-photos";
import type { Server } from "./world";

export type DuplicateResult = {
  timing: {
    blocks: number;
    documents: number;
    calls: number;
    p50: number;
    p95: number;
    /** A month of the client (its blocks, each with its checks). */
    monthBlocks: number;
    monthP50: number;
    monthP95: number;
    /** The planted near copies found by both rules (of those read). */
    plantedRead: number;
    plantedFound: number;
  };
  photos: PhotoMatchResult;
};

const SUPPLIERS = 200;
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (ms: number) => Number(ms.toFixed(2));

/** The read time at `blocks` blocks: see the top of this file. */
export async function timeDuplicateChecks(server: Server, blocks: number): Promise<DuplicateResult["timing"]> {
  const { loadBlockRows } = await import("../../server/blocks/rows");
  const db = server.getDb();
  const office = await server.createOffice({ name: "Escritório Bench Duplicados" });
  const owner = await server.createAccountingOperator({ office, type: 0 });
  const client = await server.createClient({ office, responsible: owner });
  // Block g: supplier g % 200, a value and a date over five years; every 50th copies block g - 1.
  const base = (g: string) => `(CASE WHEN ${g} % 50 = 0 THEN ${g} - 1 ELSE ${g} END)`;
  await db.$executeRawUnsafe(
    `INSERT INTO blocks (client_id, supplier_tax_id, read_value_cents, read_date, sent_at, version, created_at, updated_at)
     SELECT $1::int, lpad((20000000000000 + ${base("g")} % ${SUPPLIERS})::text, 14, '0'),
            1000 + (${base("g")} * 7919) % 500000, date '2021-01-01' + (${base("g")} % 1800),
            now() - ((${blocks} - g) * interval '26 minutes'), 0, now(), now()
       FROM generate_series(1, $2::int) g`,
    client.id,
    blocks,
  );
  const first = (
    await db.$queryRaw<{ id: number }[]>`SELECT min(id)::int AS id FROM blocks WHERE client_id = ${client.id}`
  )[0].id;
  // One photo per block: a hash drawn from its g; the near copy's is its original's with 2 bits flipped.
  await db.$executeRawUnsafe(
    `INSERT INTO documents (client_id, block_id, position, display_key, thumb_key, mime, width, height, size, hash,
                            photo_hash, created_at)
     SELECT b.client_id, b.id, 1, 'bench/d' || b.id || '.webp', 'bench/t' || b.id || '.webp', 'image/webp', 800, 1200,
            1000, md5(b.id::text),
            ((hashtext(o.base::text)::bigint << 32) | (hashtext('p' || o.base)::bigint & 4294967295))
              # CASE WHEN k.g % 50 = 0 THEN 5::bigint ELSE 0::bigint END,
            b.sent_at
       FROM blocks b
      CROSS JOIN LATERAL (SELECT b.id - $2::int + 1 AS g) k
      CROSS JOIN LATERAL (SELECT ${base("k.g")} AS base) o
      WHERE b.client_id = $1::int`,
    client.id,
    first,
  );
  // A fifth of the documents with a note read off it (its access key as the finding's code).
  await db.$executeRawUnsafe(
    `INSERT INTO document_findings (document_id, client_id, position, source, code, finding)
     SELECT d.id, d.client_id, 0, 'qrcode', lpad(d.id::text, 44, '3'),
            jsonb_build_object('kind', 'fiscal', 'source', 'qrcode', 'key', lpad(d.id::text, 44, '3'), 'model', '65',
                               'cnpj', b.supplier_tax_id, 'supplierName', NULL, 'date', b.read_date,
                               'valueCents', b.read_value_cents)
       FROM documents d JOIN blocks b ON b.id = d.block_id
      WHERE d.client_id = $1::int AND d.id % 5 = 0`,
    client.id,
  );
  await db.$executeRawUnsafe("ANALYZE blocks, documents, document_findings, block_duplicate_dismissals");

  const query = (blockId: number) => loadBlockRows(db, { clientId: client.id, operatorId: owner.id, blockId });
  const single: number[] = [];
  const calls = 300;
  let plantedRead = 0;
  let plantedFound = 0;
  for (let i = 0; i < calls + 20; i++) {
    // Spread over the client's blocks; every fifth call a planted copy.
    const g = i % 5 === 0 ? 50 * (1 + ((i * 37) % Math.floor(blocks / 50 - 1))) : 1 + ((i * 7919) % blocks);
    const blockId = first + g - 1;
    const started = performance.now();
    const [loaded] = await query(blockId);
    const ms = performance.now() - started;
    if (i < 20) continue; // the first calls prepare the statement and warm the caches
    single.push(ms);
    if (g % 50 === 0) {
      plantedRead++;
      const reasons = loaded?.block.reading?.duplicateReasons ?? [];
      const twin = blockId - 1;
      if (
        reasons.some((r) => r.blockId === twin && r.reason === "supplier-value") &&
        reasons.some((r) => r.blockId === twin && r.reason === "photo")
      )
        plantedFound++;
    }
  }
  // A month: the latest one, about 1,700 blocks at 26 minutes apart.
  const now = new Date();
  const month = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
  const monthTimes: number[] = [];
  let monthBlocks = 0;
  for (let i = 0; i < 12; i++) {
    const started = performance.now();
    const rows = await loadBlockRows(db, { clientId: client.id, operatorId: owner.id, month });
    if (i >= 2) monthTimes.push(performance.now() - started);
    monthBlocks = rows.length;
  }
  single.sort((a, b) => a - b);
  monthTimes.sort((a, b) => a - b);
  return {
    blocks,
    documents: blocks,
    calls,
    p50: round(percentile(single, 50)),
    p95: round(percentile(single, 95)),
    monthBlocks,
    monthP50: round(percentile(monthTimes, 50)),
    monthP95: round(percentile(monthTimes, 95)),
    plantedRead,
    plantedFound,
  };
}

export async function measureDuplicates({
  server,
  blocks,
}: {
  server: Server;
  blocks: number;
}): Promise<DuplicateResult> {
  const timing = await timeDuplicateChecks(server, blocks);
  const photos = await measurePhotoMatch();
  return { timing, photos };
}
