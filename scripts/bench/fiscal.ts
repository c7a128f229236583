// The fiscal reading's measurements: first, on the app as it starts (its queue idle), how long a new
// photo of a boleto waits for its reading after the send's answer; then one ZIP of 1,000 NF-e XMLs
// imported through HTTP (POST /api/block/import), timed until the answer, with the app server's peak
// extra RSS meanwhile; then the pages of those notes drawn by the document-read job, as pages per second
// (from the answer until the last page is stored); and the codes read from the 200 seeded photos
// (scripts/fiscal-photos.ts).
import { createRandom } from "../../server/seed/random";
import { buildNfe, zipFiles } from "../lib/fiscal-xml";
import { measureCodeReading, type CodeReadingRow } from "../fiscal-photos";
import { drawnCode } from "../fiscal-photos/codes";
import { photograph } from "../fiscal-photos/photo";
import { send } from "./load";
import { memory, resetPeak } from "./server";
import type { Server } from "./world";

export type ImportResult = {
  notes: number;
  zipMb: number;
  seconds: number;
  created: number;
  status: number;
  peakExtraMb: number;
  drawn: number;
  drawSeconds: number;
  pagesPerSecond: number;
};

export type NewPhotoResult = {
  /** Seconds from each send's answer until its document's reading was stored, in send order. */
  seconds: number[];
  /** How many of those readings found the boleto's code. */
  found: number;
};

export type FiscalResult = { newPhotos: NewPhotoResult; import: ImportResult; photos: CodeReadingRow[] };

const POLL_MS = 1_000;
const READ_POLL_MS = 100;

/**
 * `count` blocks of one photographed boleto each (scripts/fiscal-photos: drawn, degraded as a phone
 * photo), sent one after the other as a company user through POST /api/block/create; for each, the time
 * from the answer until the document-read job stored its reading (documents.read_at), up to `limitMs`.
 */
export async function measureNewPhotoReading(options: {
  port: number;
  token: string;
  server: Server;
  count: number;
  limitMs: number;
}): Promise<NewPhotoResult> {
  const random = createRandom(30);
  const today = new Date().toISOString().slice(0, 10);
  const db = options.server.getDb();
  const seconds: number[] = [];
  let found = 0;
  for (let i = 0; i < options.count; i += 1) {
    const photo = await photograph(random, drawnCode(random, "boleto", today));
    const body = [{ id: `bench-reading-${i}`, base64url: `data:image/jpeg;base64,${photo.bytes.toString("base64")}` }];
    const answer = await send({ port: options.port, path: "/api/block/create", token: options.token, body });
    if (answer.status !== 200) throw new Error(`a new photo's send answered ${answer.status}: ${answer.text}`);
    const answered = performance.now();
    const blockId = (JSON.parse(answer.text) as { data: { id: number } }).data.id;
    for (;;) {
      const doc = await db.document.findFirst({
        where: { blockId },
        select: { readAt: true, _count: { select: { findings: true } } },
      });
      if (doc?.readAt) {
        seconds.push((performance.now() - answered) / 1000);
        if (doc._count.findings > 0) found += 1;
        break;
      }
      if (performance.now() - answered > options.limitMs) {
        seconds.push(Infinity);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, READ_POLL_MS));
    }
  }
  return { seconds, found };
}

/** Imports `notes` NF-e in one ZIP as a company user, then waits (up to `drawLimitMs`) for their pages. */
export async function measureImport(options: {
  port: number;
  nextPid: number;
  token: string;
  clientId: number;
  server: Server;
  notes: number;
  drawLimitMs: number;
  log: (message: string) => void;
}): Promise<ImportResult> {
  const files: Record<string, Buffer> = {};
  for (let i = 0; i < options.notes; i += 1) files[`notas/nfe-${i + 1}.xml`] = buildNfe({ items: 1 + (i % 8) }).bytes;
  const zip = zipFiles(files);
  const body = { files: [{ name: "notas.zip", base64url: `data:application/zip;base64,${zip.toString("base64")}` }] };

  const baseline = memory(options.nextPid).rss;
  resetPeak(options.nextPid);
  let sampled = baseline;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, memory(options.nextPid).rss);
  }, 10);
  const started = performance.now();
  const answer = await send({ port: options.port, path: "/api/block/import", token: options.token, body });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const peak = Math.max(sampled, memory(options.nextPid).hwm);
  const results = answer.status === 200 ? (JSON.parse(answer.text) as { data: { status: string }[] }).data : [];
  const created = results.filter((r) => r.status === "created").length;
  options.log(`import: ${created} of ${options.notes} created in ${seconds.toFixed(1)} s (status ${answer.status})`);

  // The pages: every document of the client's imported blocks with its picture stored.
  const db = options.server.getDb();
  const drawStart = performance.now();
  let drawn = 0;
  while (performance.now() - drawStart < options.drawLimitMs) {
    drawn = await db.document.count({
      where: { clientId: options.clientId, sourceMime: "application/xml", displayKey: { not: null } },
    });
    if (drawn >= created) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const drawSeconds = (performance.now() - drawStart) / 1000;
  return {
    notes: options.notes,
    zipMb: zip.length / 1_048_576,
    seconds,
    created,
    status: answer.status,
    peakExtraMb: Math.round((peak - baseline) / 1_048_576),
    drawn,
    drawSeconds,
    pagesPerSecond: drawSeconds > 0 ? drawn / drawSeconds : 0,
  };
}

export async function measureFiscal(
  options: Parameters<typeof measureImport>[0] & { photos: number; newPhotos: number },
): Promise<FiscalResult> {
  options.log(`fiscal: ${options.newPhotos} new photos of a boleto, each until its reading`);
  const newPhotos = await measureNewPhotoReading({ ...options, count: options.newPhotos, limitMs: 120_000 });
  const imported = await measureImport(options);
  options.log(`photos: reading the codes of ${options.photos} photos`);
  return { newPhotos, import: imported, photos: await measureCodeReading(options.photos) };
}
