import "server-only";
import { join } from "node:path";
import { Worker } from "node:worker_threads";

// One PDF read in its own thread (server/fiscal/pdf-worker.mjs): pdf.js parses and draws on the thread's
// event loop, so a slow or hostile file stalls that thread, never the server's; the thread's heap is
// capped and the thread is ended when its time runs out. pdf.js is an ES module that needs no build
// step: running it in a plain worker keeps it out of Next's bundles and out of jest's transform.

export type PdfTask = {
  maxPages: number;
  render: boolean;
  text: boolean;
  /** Drawn width in pixels; the height follows the page, bounded by maxHeight. */
  width: number;
  maxHeight: number;
  /** pdf.js skips embedded images with more pixels than this. */
  maxImagePixels: number;
};

export type PdfPageResult = { png?: Uint8Array; width?: number; height?: number; text?: string; ms: number };

export type PdfThreadAnswer =
  | { ok: true; pages: number; results: PdfPageResult[] }
  | { ok: false; reason: "corrupt" | "encrypted" | "tooManyPages" | "timeout" | "tooHeavy"; pages?: number };

export type PdfThreadLimits = { timeoutMs: number; heapMb: number };

// Resolved from the working directory, which `npm start`, `next` and jest all set to the project's root:
// the file must stay a file on disk for the thread to load it.
const WORKER_FILE = join(process.cwd(), "server", "fiscal", "pdf-worker.mjs");

export function runPdfThread(bytes: Uint8Array, task: PdfTask, limits: PdfThreadLimits): Promise<PdfThreadAnswer> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_FILE, {
      workerData: { bytes, task },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (answer: PdfThreadAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: "timeout" }), limits.timeoutMs);
    worker.on("message", (answer: PdfThreadAnswer) => finish(answer));
    worker.on("error", (error: Error & { code?: string }) =>
      finish({ ok: false, reason: error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "tooHeavy" : "corrupt" }),
    );
    worker.on("exit", () => finish({ ok: false, reason: "corrupt" }));
  });
}
