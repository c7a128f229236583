// The OCR of receipts without a code: OCR_RECEIPTS (100) receipts drawn with a fixed seed by
// scripts/ocr-receipts/receipt.ts (five fonts, thermal-printer grey, pale bands, turned up to 4°, blur up
// to σ 1.1, JPEG 72–88), passed through the upload pipeline (processImage) and read from the stored WebP
// by the reading job's own OCR (server/fiscal/ocr.ts: one worker, one page at a time). Reports, per field,
// the share read right, the wrong values given (a field left empty is no wrong value), and the time per
// page. `measureOcr()` serves `npm run bench`; run alone:
//   nice -n 10 npx tsx --conditions=react-server scripts/ocr-receipts.ts
// Env: OCR_RECEIPTS (100); OCR_RECEIPTS_SEED (2026); OCR_RECEIPTS_MISSES (a folder where the receipts with
// a field missed or wrong are written, for a look).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readPageText, stopOcr } from "@/server/fiscal/ocr";
import { processImage } from "@/server/images/pipeline";
import { createRandom } from "@/server/seed/random";
import { printedReceipt } from "./ocr-receipts/receipt";

const TODAY = "2026-11-28";

export type OcrFieldRow = {
  field: "total" | "date" | "cnpj" | "supplier";
  receipts: number;
  right: number;
  /** A value given that is not the printed one. */
  wrong: number;
  goal: string;
};

export type OcrReport = { fields: OcrFieldRow[]; p50Ms: number; p95Ms: number; maxMs: number; receipts: number };

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function measureOcr({
  receipts = 100,
  seed = 2026,
  missesDir,
}: { receipts?: number; seed?: number; missesDir?: string } = {}): Promise<OcrReport> {
  const random = createRandom(seed);
  const count = { total: [0, 0], date: [0, 0], cnpj: [0, 0], supplier: [0, 0] } as Record<
    OcrFieldRow["field"],
    [right: number, wrong: number]
  >;
  const times: number[] = [];
  if (missesDir) mkdirSync(missesDir, { recursive: true });
  // The worker's start (its model loaded) is not a page's time.
  await readPageText((await processImage((await printedReceipt(createRandom(1), TODAY)).jpeg)).display, TODAY);
  try {
    for (let i = 0; i < receipts; i++) {
      const receipt = await printedReceipt(random, TODAY);
      const stored = await processImage(receipt.jpeg);
      const started = performance.now();
      const read = await readPageText(stored.display, TODAY);
      times.push(performance.now() - started);
      const check = (field: OcrFieldRow["field"], got: unknown, printed: unknown) => {
        if (got === printed) count[field][0] += 1;
        else if (got !== null && got !== undefined) count[field][1] += 1;
        return got === printed;
      };
      const all = [
        check("total", read?.valueCents ?? null, receipt.valueCents),
        check("date", read?.date ?? null, receipt.date),
        check("cnpj", read?.cnpj ?? null, receipt.cnpj),
        check("supplier", read?.supplierName ?? null, receipt.supplierName),
      ];
      if (missesDir && all.includes(false)) {
        writeFileSync(join(missesDir, `${i}.jpg`), receipt.jpeg);
        writeFileSync(join(missesDir, `${i}.json`), JSON.stringify({ printed: { ...receipt, jpeg: undefined }, read }));
      }
    }
  } finally {
    await stopOcr();
  }
  const goals: Record<OcrFieldRow["field"], string> = {
    total: "≥ 90%",
    date: "≥ 90%",
    cnpj: "0 wrong shown",
    supplier: "",
  };
  const sorted = [...times].sort((a, b) => a - b);
  return {
    receipts,
    fields: (Object.keys(count) as OcrFieldRow["field"][]).map((field) => ({
      field,
      receipts,
      right: count[field][0],
      wrong: count[field][1],
      goal: goals[field],
    })),
    p50Ms: Math.round(percentile(sorted, 50)),
    p95Ms: Math.round(percentile(sorted, 95)),
    maxMs: Math.round(sorted.at(-1) ?? 0),
  };
}

if (process.argv[1]?.endsWith("ocr-receipts.ts")) {
  measureOcr({
    receipts: Number(process.env.OCR_RECEIPTS ?? 100),
    seed: Number(process.env.OCR_RECEIPTS_SEED ?? 2026),
    missesDir: process.env.OCR_RECEIPTS_MISSES,
  }).then(
    (report) => console.log(JSON.stringify(report, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
