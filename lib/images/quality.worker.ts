import { ANALYSIS_SIDE, analysisSize, assessPhoto, type QualityReason } from "./quality";
import type { Size } from "./downscale";

// The photo quality check off the main thread: the photo as the downscale decoded it (an ImageBitmap,
// transferred: no second decode) is drawn at the analysis size on the worker's one OffscreenCanvas with
// "low" smoothing (bilinear: each pixel from the four source pixels around its centre, no mipmaps to
// build), read back once and measured (lib/images/quality.ts). The bench draws the same way
// (scripts/bench/quality-photos.ts drawBilinear) to tune the thresholds (decision 0345). One photo at a
// time, in the order they come; each answer carries its request's id and the time it took in here.
// Created, once and only when the first photo is added, by lib/images/quality-check.ts.

/** `bitmap`: the photo decoded at `original` pixels, owned (and closed) by the worker. */
export type QualityRequest = { id: number; bitmap: ImageBitmap; original: Size };
/**
 * `ms`: the whole check in here; `drawMs`: its draw at the analysis size and read back; `receivedAt`: when
 * the worker took the photo (performance.timeOrigin + now, comparable across the page and the worker).
 */
export type QualityAnswer = { id: number; ms: number; drawMs?: number; receivedAt: number } & (
  { reasons: QualityReason[] } | { error: string }
);

// The page's TypeScript library is the DOM's; the few worker globals used here are typed by hand.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<QualityRequest>) => void) | null;
  postMessage: (answer: QualityAnswer) => void;
};

/**
 * The one canvas every photo is drawn on, ANALYSIS_SIDE square (a photo uses its top-left corner), made
 * with the first photo and never resized. A new canvas per photo waited, in Chromium, for the page's main
 * thread before its first draw: behind whatever the page was doing then (rendering the strip, preparing
 * the next photo), 150 ms for a main thread busy 150 ms, at any CPU speed (decision 0345).
 */
let surface: OffscreenCanvasRenderingContext2D | null = null;

function context(): OffscreenCanvasRenderingContext2D {
  if (surface) return surface;
  const made = new OffscreenCanvas(ANALYSIS_SIDE, ANALYSIS_SIDE).getContext("2d", { willReadFrequently: true });
  if (!made) throw new Error("no_canvas");
  made.imageSmoothingEnabled = true;
  made.imageSmoothingQuality = "low";
  surface = made;
  return made;
}

function check({ bitmap, original }: QualityRequest, started: number): { reasons: QualityReason[]; drawMs: number } {
  const target = analysisSize(original);
  const canvas = context();
  // A photo with transparency is read over nothing, as on a new canvas, not over the photo before it.
  canvas.clearRect(0, 0, target.width, target.height);
  canvas.drawImage(bitmap, 0, 0, target.width, target.height);
  const { data } = canvas.getImageData(0, 0, target.width, target.height);
  const drawMs = performance.now() - started;
  const { reasons } = assessPhoto({ data, width: target.width, height: target.height, channels: 4 }, original);
  return { reasons, drawMs };
}

/**
 * The worker starts while the first photo is still being prepared (quality-check.ts startQualityCheck):
 * it makes its canvas and runs the measures once on a made-up 640 × 480 image then, so the first photo is
 * not also the one its JavaScript is compiled on (a cold check took 60–70 ms more at 4×).
 */
function warmUp(): void {
  const { data } = context().getImageData(0, 0, ANALYSIS_SIDE, (ANALYSIS_SIDE * 3) / 4);
  for (let i = 0, seed = 1; i < data.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = seed >> 23;
  }
  assessPhoto(
    { data, width: ANALYSIS_SIDE, height: (ANALYSIS_SIDE * 3) / 4, channels: 4 },
    { width: 2000, height: 1500 },
  );
}

try {
  warmUp();
} catch {
  // Only a head start: the first photo is checked all the same.
}

scope.onmessage = (event) => {
  const request = event.data;
  const started = performance.now();
  const receivedAt = performance.timeOrigin + started;
  try {
    const { reasons, drawMs } = check(request, started);
    scope.postMessage({ id: request.id, reasons, drawMs, receivedAt, ms: performance.now() - started });
  } catch (error) {
    scope.postMessage({ id: request.id, error: String(error), receivedAt, ms: performance.now() - started });
  } finally {
    request.bitmap.close();
  }
};
