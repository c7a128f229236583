import { analysisSize, assessPhoto, type QualityReason } from "./quality";
import type { Size } from "./downscale";

// The photo quality check off the main thread: the photo as the downscale decoded it (an ImageBitmap,
// transferred: no second decode) is drawn at the analysis size on an OffscreenCanvas (its mipmaps
// average the pixels, "medium" smoothing), read back and measured (lib/images/quality.ts). One photo at
// a time, in the order they come; each answer carries its request's id and the time it took in here.
// Created, once and only when the first photo is added, by lib/images/quality-check.ts.

/** `bitmap`: the photo decoded at `original` pixels, owned (and closed) by the worker. */
export type QualityRequest = { id: number; bitmap: ImageBitmap; original: Size };
/** `ms`: the whole check in here; `drawMs`: its draw at the analysis size and read back. */
export type QualityAnswer = { id: number; ms: number; drawMs?: number } & (
  { reasons: QualityReason[] } | { error: string }
);

// The page's TypeScript library is the DOM's; the few worker globals used here are typed by hand.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<QualityRequest>) => void) | null;
  postMessage: (answer: QualityAnswer) => void;
};

function check({ bitmap, original }: QualityRequest, started: number): { reasons: QualityReason[]; drawMs: number } {
  const target = analysisSize(original);
  const canvas = new OffscreenCanvas(target.width, target.height);
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("no_canvas");
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "medium";
  context.drawImage(bitmap, 0, 0, target.width, target.height);
  const { data } = context.getImageData(0, 0, target.width, target.height);
  const drawMs = performance.now() - started;
  const { reasons } = assessPhoto({ data, width: target.width, height: target.height, channels: 4 }, original);
  return { reasons, drawMs };
}

scope.onmessage = (event) => {
  const request = event.data;
  const started = performance.now();
  try {
    const { reasons, drawMs } = check(request, started);
    scope.postMessage({ id: request.id, reasons, drawMs, ms: performance.now() - started });
  } catch (error) {
    scope.postMessage({ id: request.id, error: String(error), ms: performance.now() - started });
  } finally {
    request.bitmap.close();
  }
};
