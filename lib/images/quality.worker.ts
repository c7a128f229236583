import { analysisSize, assessPhoto, type QualityReason } from "./quality";
import type { Size } from "./downscale";

// The photo quality check off the main thread: the photo after its downscale (the JPEG that is sent) is
// decoded straight at the analysis size, read back and measured (lib/images/quality.ts). One photo at a
// time, in the order they come; each answer carries its request's id and the time it took in here.
// Created, once and only when the first photo is added, by lib/images/quality-check.ts.

export type QualityRequest = { id: number; photo: Blob; size: Size; original: Size };
/** `ms`: the whole check in here; `decodeMs`: its decode at the analysis size and read back. */
export type QualityAnswer = { id: number; ms: number; decodeMs?: number } & (
  { reasons: QualityReason[] } | { error: string }
);

// The page's TypeScript library is the DOM's; the few worker globals used here are typed by hand.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<QualityRequest>) => void) | null;
  postMessage: (answer: QualityAnswer) => void;
};

async function check(
  { photo, size, original }: QualityRequest,
  started: number,
): Promise<{ reasons: QualityReason[]; decodeMs: number }> {
  const target = analysisSize(size);
  const bitmap = await createImageBitmap(photo, {
    resizeWidth: target.width,
    resizeHeight: target.height,
    resizeQuality: "high",
  });
  try {
    const canvas = new OffscreenCanvas(target.width, target.height);
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("no_canvas");
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, target.width, target.height);
    const decodeMs = performance.now() - started;
    const { reasons } = assessPhoto({ data, width: target.width, height: target.height, channels: 4 }, original);
    return { reasons, decodeMs };
  } finally {
    bitmap.close();
  }
}

let queue: Promise<void> = Promise.resolve();
scope.onmessage = (event) => {
  const request = event.data;
  queue = queue.then(async () => {
    const started = performance.now();
    try {
      const { reasons, decodeMs } = await check(request, started);
      scope.postMessage({ id: request.id, reasons, decodeMs, ms: performance.now() - started });
    } catch (error) {
      scope.postMessage({ id: request.id, error: String(error), ms: performance.now() - started });
    }
  });
};
