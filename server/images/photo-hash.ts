import "server-only";
import sharp from "sharp";
import { PHASH_SIDE, pHash } from "@/lib/duplicates/photo-hash";

/** How far (of 255) from the corner's grey the background the trim takes off may be. */
const TRIM_THRESHOLD = 60;

/**
 * The perceptual hash of a stored picture (lib/duplicates/photo-hash.ts, docs/decisions/0301): in grey,
 * the background around the document trimmed off (a copy cropped a little, or with more table around,
 * lands on the same paper), squeezed to 32 x 32 whatever its proportions. Read from the thumbnail:
 * already upright, and a 320-pixel WebP decodes in about a millisecond.
 */
export async function photoHash(picture: Buffer): Promise<bigint> {
  const grey = await sharp(picture).greyscale().toColourspace("b-w").raw().toBuffer({ resolveWithObject: true });
  const raw = (info: { width: number; height: number }) => ({
    raw: { width: info.width, height: info.height, channels: 1 as const },
  });
  // A picture that is all background (nothing left to trim to) is hashed whole.
  const paper = await sharp(grey.data, raw(grey.info))
    .trim({ threshold: TRIM_THRESHOLD })
    .toColourspace("b-w")
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => grey);
  const pixels = await sharp(paper.data, raw(paper.info))
    .resize({ width: PHASH_SIDE, height: PHASH_SIDE, fit: "fill" })
    .toColourspace("b-w")
    .raw()
    .toBuffer();
  return pHash(new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length));
}
