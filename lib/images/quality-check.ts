import type { Size } from "./downscale";
import type { QualityReason } from "./quality";
import type { QualityAnswer, QualityRequest } from "./quality.worker";

// The browser's side of the photo quality check: one worker (lib/images/quality.worker.ts), started with
// the first photo checked (this module is itself imported only then, never with the page), photos
// queued to it in order. Each check leaves a User Timing entry QUALITY_MEASURE (from the post to the
// answer; detail: the time inside the worker, of which its draw and read back, the wait before the
// worker took the photo, and the reasons), which the bench reads. A browser without workers, or a worker
// that fails, gives no verdict: the photo is simply not flagged.

export const QUALITY_MEASURE = "bloco:photo-quality";

let worker: Worker | null = null;
let unavailable = false;
let nextId = 1;
const waiting = new Map<number, { resolve: (reasons: QualityReason[] | null) => void; started: number }>();

function settleAll(): void {
  for (const { resolve } of waiting.values()) resolve(null);
  waiting.clear();
}

function start(): Worker | null {
  if (worker || unavailable) return worker;
  if (typeof Worker === "undefined" || typeof OffscreenCanvas === "undefined") {
    unavailable = true;
    return null;
  }
  try {
    worker = new Worker(new URL("./quality.worker.ts", import.meta.url), { type: "module" });
  } catch {
    unavailable = true;
    return null;
  }
  worker.onmessage = (event: MessageEvent<QualityAnswer>) => {
    const answer = event.data;
    const entry = waiting.get(answer.id);
    if (!entry) return;
    waiting.delete(answer.id);
    const reasons = "reasons" in answer ? answer.reasons : null;
    performance.measure(QUALITY_MEASURE, {
      start: entry.started,
      end: performance.now(),
      detail: {
        workerMs: answer.ms,
        drawMs: answer.drawMs ?? null,
        // From the post until the worker took the photo: the message, and any photo checked before it.
        queuedMs: answer.receivedAt - (performance.timeOrigin + entry.started),
        reasons,
      },
    });
    entry.resolve(reasons);
  };
  worker.onerror = () => {
    unavailable = true;
    worker?.terminate();
    worker = null;
    settleAll();
  };
  return worker;
}

/**
 * Starts the worker ahead of the first check, while the first photo is still being decoded and encoded:
 * its script is fetched and compiled meanwhile, not while that photo waits for its verdict.
 */
export function startQualityCheck(): void {
  start();
}

/**
 * The reasons the photo `bitmap` (as the downscale decoded it, `original` pixels) is flagged: none when it
 * looks fine, null when it could not be checked. The bitmap is handed over (transferred to the worker,
 * or closed when there is none): the caller no longer uses it.
 */
export function checkPhotoQuality(bitmap: ImageBitmap, original: Size): Promise<QualityReason[] | null> {
  const target = start();
  if (!target) {
    bitmap.close();
    return Promise.resolve(null);
  }
  const id = nextId;
  nextId += 1;
  return new Promise((resolve) => {
    waiting.set(id, { resolve, started: performance.now() });
    try {
      target.postMessage({ id, bitmap, original } satisfies QualityRequest, [bitmap]);
    } catch {
      waiting.delete(id);
      bitmap.close();
      resolve(null);
    }
  });
}
