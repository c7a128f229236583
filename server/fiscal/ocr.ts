import "server-only";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import { joinRows, ocrFields, type OcrFields, type PlacedLine } from "@/lib/fiscal/ocr-fields";
import { scopedLogger } from "@/server/log";

// The text of a document without any code, read by tesseract.js (docs/decisions/0296-ocr-reading.md):
// one worker per process, made at the first page and kept (its Portuguese model, from the npm package
// @tesseract.js-data/por, is loaded once and cached decompressed under DATA_DIR/tesseract: nothing is
// downloaded), each page read as one block of text with a time limit. A page past its limit ends the
// worker (the next page makes another) and gives nothing.

const log = scopedLogger("ocr");

/** Time for one page; a receipt photo takes about 1–2 s on one core. */
export const OCR_PAGE_BUDGET_MS = 20_000;

const langPath = join(
  dirname(createRequire(__filename).resolve("@tesseract.js-data/por/package.json")),
  "4.0.0_best_int",
);

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
