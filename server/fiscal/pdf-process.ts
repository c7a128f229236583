import "server-only";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

// One PDF read in its own Node process (server/fiscal/pdf-worker.mjs), killed when its answer comes, its
// time runs out or its memory passes the limit. Not a worker thread: pdf.js keeps a decoded stream whole
// in an ArrayBuffer, outside the V8 heap that a thread's resourceLimits cap, and threads share the
// server's resident memory, so a 2 MB PDF inflating to 2 GB of zeros could only be seen, and stopped, as a
// process of its own (measured: +5 GB and 47 s in a thread). The process gets no environment but NODE_ENV: it needs no
// secret and no database. pdf.js is an ES module that needs no build step: a plain child keeps it out of
// Next's bundles and out of jest's transform.

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

export type PdfProcessAnswer =
  | { ok: true; pages: number; results: PdfPageResult[]; peakMemoryMb?: number }
  | { ok: false; reason: "corrupt" | "encrypted" | "tooManyPages" | "timeout" | "tooHeavy"; pages?: number };

export type PdfProcessLimits = { timeoutMs: number; memoryMb: number };

// Resolved from the working directory, which `npm start`, `next` and jest all set to the project's root:
// the file must stay a file on disk for the process to load it.
const WORKER_FILE = join(process.cwd(), "server", "fiscal", "pdf-worker.mjs");
const MEMORY_CHECK_MS = 20;
const PAGE_SIZE_KB = 4;

// Resident memory of a process in MB, from Linux's /proc; null where there is no /proc (the time limit
// still holds there).
function residentMb(pid: number): number | null {
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, "latin1").split(" ")[1]);
    return (pages * PAGE_SIZE_KB) / 1024;
  } catch {
    return null;
  }
}

export function runPdfProcess(bytes: Uint8Array, task: PdfTask, limits: PdfProcessLimits): Promise<PdfProcessAnswer> {
  return new Promise((resolve) => {
    // spawn with an IPC channel is what fork does; fork itself fails `next build` (Turbopack resolves its
    // path as a module request: vercel/next.js#97952).
    const child = spawn(process.execPath, [`--max-old-space-size=${Math.floor(limits.memoryMb / 2)}`, WORKER_FILE], {
      env: { NODE_ENV: process.env.NODE_ENV },
      serialization: "advanced",
      stdio: ["ignore", "ignore", "ignore", "ipc"],
    });
    let settled = false;
    const finish = (answer: PdfProcessAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(memoryCheck);
      child.kill("SIGKILL");
      resolve(answer);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: "timeout" }), limits.timeoutMs);
    const memoryCheck = setInterval(() => {
      const used = child.pid === undefined ? null : residentMb(child.pid);
      if (used !== null && used > limits.memoryMb) finish({ ok: false, reason: "tooHeavy" });
    }, MEMORY_CHECK_MS);
    child.on("message", (message: PdfProcessAnswer | { ready: true }) => {
      if ("ready" in message) child.send({ bytes, task });
      else finish(message);
    });
    child.on("error", () => finish({ ok: false, reason: "corrupt" }));
    // After the last message: a heap past --max-old-space-size aborts the process without an answer.
    child.on("close", (code, signal) =>
      finish({ ok: false, reason: signal === "SIGABRT" || code === 134 ? "tooHeavy" : "corrupt" }),
    );
  });
}
