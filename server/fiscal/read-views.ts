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

export type Band = { top: number; height: number };

/** A horizontal band of `image` (fractions of its height) enlarged `scale` times. */
export function enlargedBand(image: GrayImage, band: Band, scale: number): Promise<GrayImage> {
  const top = Math.floor(band.top * image.height);
  const height = Math.min(image.height - top, Math.ceil(band.height * image.height));
  return gray(
    raw(image)
      .extract({ left: 0, top, width: image.width, height })
      .resize({ width: Math.round(image.width * scale), height: Math.round(height * scale), kernel: "cubic" }),
  );
}

/** `image` sharpened: blurred edges steeper, for thin bars a phone's lens has softened. */
export function sharpened(image: GrayImage): Promise<GrayImage> {
  return gray(raw(image).sharpen({ sigma: 1.2, m1: 1, m2: 3 }));
}
