import "server-only";
import sharp from "sharp";
import { DHASH_HEIGHT, DHASH_WIDTH, dHash } from "@/lib/duplicates/photo-hash";

/** How far (of 255) from the corner's grey the background the trim takes off may be. */
const TRIM_THRESHOLD = 60;

/**
 * The difference hash of a stored picture (lib/duplicates/photo-hash.ts, docs/decisions/0301): in grey,
 * the background around the document trimmed off (so a copy cropped a little, or with more table
 * around, lands on the same paper), its contrast stretched, squeezed to 9 x 8 whatever its proportions.
 * Read from the thumbnail (a WebP): already upright and small. The grey and the trimmed picture stay
 * WebP between the steps, whose smoothing keeps the paper's noise out of the bits.
 */
export async function photoHash(picture: Buffer): Promise<bigint> {
  const grey = await sharp(picture).greyscale().toBuffer();
  // A picture that is all background (nothing left to trim to) is hashed whole.
  const paper = await sharp(grey)
    .trim({ threshold: TRIM_THRESHOLD })
    .toBuffer()
    .catch(() => grey);
  const pixels = await sharp(paper)
    .normalise()
    .resize({ width: DHASH_WIDTH, height: DHASH_HEIGHT, fit: "fill" })
    .toColourspace("b-w")
    .raw()
    .toBuffer();
  return dHash(new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length));
}
