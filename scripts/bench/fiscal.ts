// The fiscal reading's measurements: one ZIP of 1,000 NF-e XMLs imported through HTTP (POST
// /api/block/import), timed until the answer, with the app server's peak extra RSS meanwhile; then the
// pages of those notes drawn by the document-read job, as pages per second (from the answer until the
// last page is stored); and the codes read from the 200 seeded photos (scripts/fiscal-photos.ts).
import { buildNfe, zipFiles } from "../lib/fiscal-xml";
import { measureCodeReading, type CodeReadingRow } from "../fiscal-photos";
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

export type FiscalResult = { import: ImportResult; photos: CodeReadingRow[] };

const POLL_MS = 1_000;

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
  options: Parameters<typeof measureImport>[0] & { photos: number },
): Promise<FiscalResult> {
  const imported = await measureImport(options);
  options.log(`photos: reading the codes of ${options.photos} photos`);
  return { import: imported, photos: await measureCodeReading(options.photos) };
}
