import "server-only";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import { joinRows, ocrFields, type OcrFields, type PlacedLine } from "@/lib/fiscal/ocr-fields";
import { scopedLogger } from "@/server/log";

// The text of a document without any code, read by tesseract.js (docs/decisions/0296-ocr-reading.md):
// one worker per process, made at the first page and kept (its Portuguese model, from the npm package
// @tesseract.js-data/por, is loaded once and cached decompressed under DATA_DIR/tesseract: nothing is
// downloaded), each page read as one block of text with a time limit. A page past its limit ends the
// worker (the next page makes another) and gives nothing.

const log = scopedLogger("ocr");

/** Time for one page; a receipt photo takes about 1–2 s on one core, 4 s on a loaded one. */
export const OCR_PAGE_BUDGET_MS = 10_000;

/**
 * Whether a picture shows paper: at 160 pixels wide in grey, the share of 4 × 4 tiles that are bright
 * and even (a sheet's margins, the space between its lines). A document photo has a good part of them;
 * a scene, a texture or a noisy picture has almost none, and OCR would spend its whole time on it for
 * nothing. PAPER_SHARE was measured on the receipts of scripts/ocr-receipts.ts (the least of them well
 * above it) and on photos without paper (docs/decisions/0296-ocr-reading.md).
 */
export async function showsPaper(picture: Buffer): Promise<boolean> {
  const { data, info } = await sharp(picture)
    .greyscale()
    .resize({ width: 160, fit: "inside" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const tile = 4;
  let tiles = 0;
  let paper = 0;
  for (let y = 0; y + tile <= info.height; y += tile) {
    for (let x = 0; x + tile <= info.width; x += tile) {
      let sum = 0;
      let squares = 0;
      for (let dy = 0; dy < tile; dy++) {
        for (let dx = 0; dx < tile; dx++) {
          const v = data[(y + dy) * info.width + x + dx]!;
          sum += v;
          squares += v * v;
        }
      }
      const n = tile * tile;
      const mean = sum / n;
      const deviation = Math.sqrt(Math.max(0, squares / n - mean * mean));
      tiles += 1;
      if (mean >= PAPER_BRIGHTNESS && deviation <= PAPER_EVENNESS) paper += 1;
    }
  }
  return tiles > 0 && paper / tiles >= PAPER_SHARE;
}
const PAPER_BRIGHTNESS = 150;
const PAPER_EVENNESS = 10;
const PAPER_SHARE = 0.12;

// From the project's root, as the app runs there (a bundled module has no path of its own to resolve from).
const langPath = join(process.cwd(), "node_modules", "@tesseract.js-data", "por", "4.0.0_best_int");

let current: Promise<Worker> | null = null;

function worker(): Promise<Worker> {
  current ??= (async () => {
    const cachePath = resolve(process.env.DATA_DIR ?? ".data", "tesseract");
    mkdirSync(cachePath, { recursive: true });
    const made = await createWorker("por", OEM.LSTM_ONLY, { langPath, cachePath, gzip: true });
    // One block of text: a receipt's label and its amount, far apart on one printed row, stay one line.
    // Tesseract's own diagnostics ('Estimating resolution as …') go to the worker's /dev/null: the app's
    // log is JSON lines.
    await made.setParameters({
      tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
      preserve_interword_spaces: "1",
      debug_file: "/dev/null",
    });
    return made;
  })();
  current.catch(() => (current = null));
  return current;
}

/** Ends the worker (a stop of the jobs, a test's end); the next page makes another. */
export async function stopOcr(): Promise<void> {
  const ending = current;
  current = null;
  if (ending) await (await ending.catch(() => null))?.terminate();
}

/** The recognised lines of a picture (any format sharp stored), each with where it lies. */
async function recognise(picture: Buffer): Promise<PlacedLine[]> {
  const { data } = await (await worker()).recognize(picture, {}, { blocks: true, text: false });
  return (data.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.map((line) => ({
        text: line.text,
        confidence: line.confidence / 100,
        bbox: line.bbox,
        baseline: line.baseline,
      })),
    ),
  );
}

/**
 * What a page's text says (lib/fiscal/ocr-fields.ts), or null when nothing was read: no field found, the
 * time limit passed, or the OCR failed (logged).
 */
export async function readPageText(picture: Buffer, today: string): Promise<OcrFields | null> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<"timeout">((done) => (timer = setTimeout(() => done("timeout"), OCR_PAGE_BUDGET_MS)));
  try {
    if (!(await showsPaper(picture))) return null;
    const lines = await Promise.race([recognise(picture), limit]);
    if (lines === "timeout") {
      log.warn({ budgetMs: OCR_PAGE_BUDGET_MS }, "a page took longer than its time: the OCR worker is ended");
      await stopOcr();
      return null;
    }
    const fields = ocrFields(joinRows(lines), today);
    const found = fields.valueCents !== null || fields.date !== null || fields.cnpj !== null;
    return found ? fields : null;
  } catch (error) {
    log.error({ err: error }, "the OCR of a page failed");
    await stopOcr();
    return null;
  } finally {
    clearTimeout(timer);
  }
}
