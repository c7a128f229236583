import "server-only";
import sharp from "sharp";
import type { GrayImage } from "./zxing";

// How far a photographed page is turned. Text, bars and the paper's edges all change brightness across
// lines at the page's angle or at right angles to it, so the strongest gradients, folded into a quarter
// turn, pile up at the page's angle. Measured on a small copy: a few milliseconds.

const SIDE = 700;
const BINS = 180; // half a degree each, over 90 degrees
const STRONG = 120;
const REFINE_STEP = 0.25;
const REFINE_STEPS = 8;

/** The page's angle in degrees, in (-45, 45]: positive when it is turned clockwise. */
export async function measureSkew(image: GrayImage): Promise<number> {
  const edges = await strongEdges(image);
  const coarse = peakAngle(edges);
  // The gradients' angles lean towards the pixel grid; the page's lines do not: among angles near the
  // peak, the one along which the edges pile up into the sharpest rows and columns.
  let best = coarse;
  let bestEnergy = -1;
  for (let step = -REFINE_STEPS; step <= REFINE_STEPS; step += 1) {
    const angle = coarse + step * REFINE_STEP;
    const energy = profileEnergy(edges, angle);
    if (energy > bestEnergy) [best, bestEnergy] = [angle, energy];
  }
  return best > 45 ? best - 90 : best <= -45 ? best + 90 : best;
}

type Edges = { xs: Float64Array; ys: Float64Array; angles: Float64Array; weights: Float64Array; count: number };

// Pixels of a small copy where the brightness changes steeply: where, which way, how much.
async function strongEdges(image: GrayImage): Promise<Edges> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize({ width: SIDE, height: SIDE, fit: "inside", withoutEnlargement: true })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const size = width * height;
  const edges: Edges = {
    xs: new Float64Array(size),
    ys: new Float64Array(size),
    angles: new Float64Array(size),
    weights: new Float64Array(size),
    count: 0,
  };
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
      if (magnitude < STRONG) continue;
      const angle = (Math.atan2(gy, gx) * 180) / Math.PI;
      edges.xs[edges.count] = x;
      edges.ys[edges.count] = y;
      edges.angles[edges.count] = ((angle % 90) + 90) % 90;
      edges.weights[edges.count] = magnitude;
      edges.count += 1;
    }
  }
  return edges;
}

// The gradients' angles folded into a quarter turn: the heaviest half-degree, centred on its mass.
function peakAngle(edges: Edges): number {
  const histogram = new Float64Array(BINS);
  for (let i = 0; i < edges.count; i += 1) {
    histogram[Math.floor((edges.angles[i]! / 90) * BINS) % BINS]! += edges.weights[i]!;
  }
  let best = 0;
  let bestScore = -1;
  for (let bin = 0; bin < BINS; bin += 1) {
    const score = histogram[(bin + BINS - 1) % BINS]! + 2 * histogram[bin]! + histogram[(bin + 1) % BINS]!;
    if (score > bestScore) [best, bestScore] = [bin, score];
  }
  let x = 0;
  let y = 0;
  for (let offset = -6; offset <= 6; offset += 1) {
    const bin = (best + offset + BINS) % BINS;
    const turn = ((bin + 0.5) / BINS) * 2 * Math.PI;
    x += histogram[bin]! * Math.cos(turn);
    y += histogram[bin]! * Math.sin(turn);
  }
  return ((((Math.atan2(y, x) / (2 * Math.PI)) * 90) % 90) + 90) % 90;
}

// How sharply the edges gather into rows and columns of a grid turned `degrees`: the sum of the squared
// counts of both projections (text lines and bar edges make tall, narrow peaks when the grid fits).
function profileEnergy(edges: Edges, degrees: number): number {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  // Edges lie within the copy's diagonal of the origin, whatever the turn.
  const reach = Math.ceil(Math.SQRT2 * SIDE) + 1;
  const rows = new Int32Array(2 * reach + 1);
  const columns = new Int32Array(2 * reach + 1);
  for (let i = 0; i < edges.count; i += 1) {
    const x = edges.xs[i]!;
    const y = edges.ys[i]!;
    rows[reach + Math.round(y * cos - x * sin)]! += 1;
    columns[reach + Math.round(x * cos + y * sin)]! += 1;
  }
  let energy = 0;
  for (let i = 0; i < rows.length; i += 1) energy += rows[i]! * rows[i]! + columns[i]! * columns[i]!;
  return energy;
}
