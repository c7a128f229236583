// The fiscal and payment codes read from phone photos: 200 documents drawn with a fixed seed, each with
// one code (QR of an NFC-e or CF-e SAT, Code-128 of an access key, ITF of a boleto or a collection slip),
// degraded as a photo (module 1.5–3 px for barcodes and 3–6 px for QR codes, blur σ 0–1, ±10°, JPEG 75),
// passed through the upload pipeline (processImage) and read back by readDocumentCodes from the stored
// WebP. Reports the read rate per kind, the readings that are not the code drawn, and the time per
// document. `measureCodeReading()` serves `npm run bench`; run alone (on one core, as measured):
//   taskset -c 1 nice -n 19 npx tsx --conditions=react-server scripts/fiscal-photos.ts
// Env: FISCAL_PHOTOS (200) documents; FISCAL_PHOTOS_SEED (2026); FISCAL_PHOTOS_MISSES (a folder where
// the photos not read are written, for a look).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readCodesWithView, type ViewName } from "@/server/fiscal/read-codes";
import { processImage } from "@/server/images/pipeline";
import { createRandom } from "@/server/seed/random";
import { drawnCode, type CodeKind } from "./fiscal-photos/codes";
import { photograph } from "./fiscal-photos/photo";

export type CodeReadingRow = {
  kind: string;
  documents: number;
  read: number;
  /** Share read, 0..1. */
  rate: number;
  goal: number;
  wrong: number;
  p50Ms: number;
  p95Ms: number;
  /** Documents read by each view of the image (the first that read a code). */
  views: Partial<Record<ViewName, number>>;
};

const TODAY = "2026-03-16";
const KINDS: { kind: CodeKind; label: string; goal: number; share: number }[] = [
  { kind: "qr", label: "QR (NFC-e, CF-e SAT)", goal: 0.97, share: 7 },
  { kind: "code128", label: "Code-128 (chave de acesso)", goal: 0.95, share: 6 },
  { kind: "boleto", label: "ITF (boleto)", goal: 0.9, share: 4 },
  { kind: "arrecadacao", label: "ITF (arrecadação)", goal: 0.9, share: 3 },
];

function kindOf(index: number): CodeKind {
  let at = index % KINDS.reduce((sum, k) => sum + k.share, 0);
  for (const k of KINDS) {
    if (at < k.share) return k.kind;
    at -= k.share;
  }
  return "qr";
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
};

type Outcome = { kind: CodeKind; read: boolean; wrong: number; ms: number; view: ViewName | null };

/** Draws, uploads and reads `count` photos; one row per kind of code and one for all. */
export async function measureCodeReading(count = 200, seed = 2026, misses?: string): Promise<CodeReadingRow[]> {
  const random = createRandom(seed);
  const outcomes: Outcome[] = [];
  for (let i = 0; i < count; i += 1) {
    const code = drawnCode(random, kindOf(i), TODAY);
    const photo = await photograph(random, code);
    const stored = await processImage(photo.bytes);
    const started = performance.now();
    const { readings, view } = await readCodesWithView(stored.display, { today: TODAY });
    const ms = performance.now() - started;
    const read = readings.some((r) => r.text === code.text);
    const wrong = readings.filter((r) => r.text !== code.text).length;
    outcomes.push({ kind: code.kind, read, wrong, ms, view });
    if (misses && (!read || wrong)) {
      mkdirSync(misses, { recursive: true });
      const name = `${String(i).padStart(3, "0")}-${code.kind}-m${photo.moduleWidth.toFixed(1)}-b${photo.blur.toFixed(2)}-t${photo.tilt.toFixed(1)}.webp`;
      writeFileSync(join(misses, name), stored.display);
    }
  }
  const row = (kind: string, goal: number, of: Outcome[]): CodeReadingRow => {
    const read = of.filter((o) => o.read);
    const times = of.map((o) => o.ms);
    const views: Partial<Record<ViewName, number>> = {};
    for (const o of read) if (o.view) views[o.view] = (views[o.view] ?? 0) + 1;
    return {
      kind,
      documents: of.length,
      read: read.length,
      rate: of.length ? read.length / of.length : 0,
      goal,
      wrong: of.reduce((sum, o) => sum + o.wrong, 0),
      p50Ms: percentile(times, 50),
      p95Ms: percentile(times, 95),
      views,
    };
  };
  return [
    ...KINDS.map((k) =>
      row(
        k.label,
        k.goal,
        outcomes.filter((o) => o.kind === k.kind),
      ),
    ),
    row("Todos", 0, outcomes),
  ];
}

/** The rows as a Markdown table. */
export function codeReadingTable(rows: CodeReadingRow[]): string {
  const lines = [
    "| código | fotos | lidas | taxa | meta | leituras erradas | p50 | p95 | lidas por vista |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  for (const r of rows) {
    const goal = r.goal ? `≥ ${(r.goal * 100).toFixed(0)} %` : "";
    const rate = `${(r.rate * 100).toFixed(1)} %`;
    const byView = Object.entries(r.views)
      .map(([view, n]) => `${view} ${n}`)
      .join(", ");
    lines.push(
      `| ${r.kind} | ${r.documents} | ${r.read} | ${rate} | ${goal} | ${r.wrong} | ${r.p50Ms.toFixed(0)} ms | ${r.p95Ms.toFixed(0)} ms | ${byView} |`,
    );
  }
  return lines.join("\n");
}

if (process.argv[1]?.endsWith("fiscal-photos.ts")) {
  const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  measureCodeReading(env("FISCAL_PHOTOS", 200), env("FISCAL_PHOTOS_SEED", 2026), process.env.FISCAL_PHOTOS_MISSES)
    .then((rows) => console.log(codeReadingTable(rows)))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
