import "server-only";
import sharp, { type Sharp } from "sharp";
import { MAX_INPUT_PIXELS } from "@/server/images/pipeline";
import type { GrayImage } from "./zxing";

// The pictures the reader is shown of one photo: the photo grey, turned by its measured skew, and
// bands of it enlarged. Everything through libvips, one byte a pixel.

// A photo larger than the stored display image is read at this size: more pixels cost time, not codes.
const MAX_SIDE = 2600;
const WHITE = { r: 255, g: 255, b: 255 };

const raw = (image: GrayImage) => sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } });

async function gray(pipeline: Sharp): Promise<GrayImage> {
  const { data, info } = await pipeline.grayscale().raw().toBuffer({ resolveWithObject: true });
  // Some operations keep a second (alpha) band; keep the first.
  if (info.channels === 1) return { data, width: info.width, height: info.height };
  const one = new Uint8Array(info.width * info.height);
  for (let i = 0; i < one.length; i += 1) one[i] = data[i * info.channels]!;
  return { data: one, width: info.width, height: info.height };
}

/** The image upright by its EXIF and grey; null when the bytes are no image sharp can decode. */
export async function decodeGray(bytes: Buffer): Promise<GrayImage | null> {
  try {
    return await gray(
      sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "none" })
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true }),
    );
  } catch {
    return null;
  }
}

/** `image` turned `degrees` clockwise, the new corners white. */
export function rotated(image: GrayImage, degrees: number): Promise<GrayImage> {
  return gray(raw(image).rotate(degrees, { background: WHITE }));
}

export type Band = { axis: "rows" | "columns"; start: number; size: number };

/** A band of `image` (its rows or its columns, as fractions of the side) enlarged `scale` times. */
export function enlargedBand(image: GrayImage, band: Band, scale: number): Promise<GrayImage> {
  const side = band.axis === "rows" ? image.height : image.width;
  const start = Math.floor(band.start * side);
  const size = Math.min(side - start, Math.ceil(band.size * side));
  const region =
    band.axis === "rows"
      ? { left: 0, top: start, width: image.width, height: size }
      : { left: start, top: 0, width: size, height: image.height };
  return gray(
    raw(image)
      .extract(region)
      .resize({ width: Math.round(region.width * scale), height: Math.round(region.height * scale), kernel: "cubic" }),
  );
}

// Each pixel less its four neighbours: the steps between bars, which blur has ramped, made steep again.
const SHARPEN = { width: 3, height: 3, kernel: [0, -1, 0, -1, 5, -1, 0, -1, 0] };

/** `image` with its edges steepened: thin bars a phone's lens has blurred stand apart again. */
export function sharpened(image: GrayImage): Promise<GrayImage> {
  return gray(raw(image).convolve(SHARPEN));
}
