import "server-only";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { prepareZXingModule, readBarcodes, type ReaderOptions } from "zxing-wasm/reader";

// zxing-wasm (ZXing-C++ built to WebAssembly) reads the codes. Left alone it fetches its wasm from a
// CDN; it is handed the binary the package ships instead, read once per process from node_modules.
// The path is resolved by Node from the project's root, not by a bundler (next.config.ts keeps the
// package external).

/** A grey image, one byte a pixel, row after row. */
export type GrayImage = { data: Uint8Array; width: number; height: number };
export type RawCode = { format: string; text: string };

const FORMATS: ReaderOptions["formats"] = ["QRCode", "Code128", "ITF"];

let ready: Promise<unknown> | undefined;

function loadReader(): Promise<unknown> {
  ready ??= (async () => {
    const resolve = createRequire(join(process.cwd(), "package.json")).resolve;
    const wasm = await readFile(resolve("zxing-wasm/reader/zxing_reader.wasm"));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  ready.catch(() => (ready = undefined));
  return ready;
}

// The reader takes RGBA pixels (it greys them again: a few milliseconds against its own tens).
function rgba(image: GrayImage): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0, o = 0; i < image.data.length; i += 1, o += 4) {
    const v = image.data[i]!;
    out[o] = v;
    out[o + 1] = v;
    out[o + 2] = v;
    out[o + 3] = 255;
  }
  return out;
}

/** Every QR, Code-128 and ITF code zxing reads in `image` whose own checks hold, as text. */
export async function readRawCodes(image: GrayImage, options: Partial<ReaderOptions> = {}): Promise<RawCode[]> {
  await loadReader();
  // Node has no ImageData: the reader takes any object of its shape (colorSpace only satisfies the type).
  const results = await readBarcodes(
    { data: rgba(image), width: image.width, height: image.height, colorSpace: "srgb" },
    { formats: FORMATS, tryHarder: true, tryInvert: false, maxNumberOfSymbols: 4, ...options },
  );
  return results.filter((r) => r.isValid).map((r) => ({ format: r.format, text: r.text }));
}
