import "server-only";
import sharp from "sharp";
import type { GrayImage } from "./zxing";

// How far a photographed page is turned. Text, bars and the paper's edges all change brightness across
// lines at the page's angle or at right angles to it, so the strongest gradients, folded into a quarter
// turn, pile up at the page's angle. Measured on a small copy: a few milliseconds.

const SIDE = 700;
const BINS = 180; // half a degree each, over 90 degrees

/** The page's angle in degrees, in (-45, 45]: positive when it is turned clockwise. */
export async function measureSkew(image: GrayImage): Promise<number> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize({ width: SIDE, height: SIDE, fit: "inside", withoutEnlargement: true })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const histogram = new Float64Array(BINS);
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const at = y * width + x;
      const gx =
        data[at - width + 1]! +
        2 * data[at + 1]! +
        data[at + width + 1]! -
        data[at - width - 1]! -
        2 * data[at - 1]! -
        data[at + width - 1]!;
      const gy =
        data[at + width - 1]! +
        2 * data[at + width]! +
        data[at + width + 1]! -
        data[at - width - 1]! -
        2 * data[at - width]! -
        data[at - width + 1]!;
      const magnitude = Math.hypot(gx, gy);
      if (magnitude < 120) continue;
      let angle = (Math.atan2(gy, gx) * 180) / Math.PI;
      angle = ((angle % 90) + 90) % 90;
      histogram[Math.floor((angle / 90) * BINS) % BINS]! += magnitude;
    }
  }
  let best = 0;
  let bestScore = -1;
  for (let bin = 0; bin < BINS; bin += 1) {
    const score = histogram[(bin + BINS - 1) % BINS]! + 2 * histogram[bin]! + histogram[(bin + 1) % BINS]!;
    if (score > bestScore) [best, bestScore] = [bin, score];
  }
  const angle = ((best + 0.5) * 90) / BINS;
  return angle > 45 ? angle - 90 : angle;
}
