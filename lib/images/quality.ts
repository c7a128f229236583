import { fitWithin, type Size } from "./downscale";

// The photo quality check of Criar bloco and Blocos com pendencia, as pure functions over pixels: is the
// photo blurred, too dark, washed out, or too small to read? The browser runs them in a worker
// (lib/images/quality.worker.ts) on the photo the downscale decoded, drawn at ANALYSIS_SIDE bilinearly
// (the canvas's "low" smoothing); the bench (scripts/bench/quality.ts) and the unit tests draw the same
// way and run the same functions in Node. A verdict only warns: the photo stays selected and the block
// is sent as it is. The thresholds come from the bench's set of drawn receipts, sharp and degraded,
// drawn so and analysed at ANALYSIS_SIDE (docs/decisions/0345-photo-check-bilinear.md): the sharpness
// measures depend on the scale and on the draw, so a change of either re-tunes them.

/**
 * The long side the photo is analysed at: a receipt's small print keeps strokes of 1–2 px here, and a
 * blur of σ 3 at 2000 px (σ 1 here) or a moved hand's trail of 12 px still shows. At 512 the sharp
 * receipts' weakest direction came within 1.4× of a 12 px trail's (1.5× here).
 */
export const ANALYSIS_SIDE = 640;
/** Square tiles the sharpness is measured in (pixels at ANALYSIS_SIDE). */
export const TILE_SIDE = 32;
/** The share of tiles, the most detailed ones, whose Laplacian variance makes the sharpness. */
export const DETAIL_SHARE = 0.05;
/** Below this sharpness (Laplacian variance of the most detailed tiles, contrast stretched), 'Foto desfocada'. */
export const BLUR_MIN = 15000;
/** Below this (second-difference variance along the weakest direction), 'Foto desfocada' too: a moved hand. */
export const DIRECTION_MIN = 5500;
/** 'Foto escura': the brightest 5 % of the photo (the paper, if any) still below this luminance… */
export const DARK_BRIGHT_MAX = 100;
/** …or the mean below this. */
export const DARK_MEAN_MAX = 50;
/** 'Foto muito clara': the darkest 1 % (the print) above this luminance: the text is washed out… */
export const BRIGHT_DARK_MIN = 150;
/** …or this share of the photo at white (clipped). */
export const CLIPPED_WHITE_MAX = 0.5;
/** Luminance counted as clipped white. */
export const WHITE = 250;
/**
 * 'Foto muito pequena': the original's long side below this. A receipt that fills a 1000 px photo has
 * 20–25 px per line of its 40–50, which still reads; a photo a messenger sent back (1280 or 1600 px)
 * passes, a thumbnail or a screenshot crop does not.
 */
export const MIN_LONG_SIDE = 1000;

export type QualityReason = "blurred" | "dark" | "bright" | "small";

export type QualityMeasures = {
  /** Laplacian variance of the most detailed tiles and their weakest direction; null: under 3×3 pixels. */
  sharpness: Sharpness | null;
  /** Mean luminance, 0..255. */
  mean: number;
  /** Luminance of the darkest 1 % and the brightest 5 %. */
  p01: number;
  p95: number;
  /** Share of pixels at WHITE or above. */
  clippedWhite: number;
};

export type QualityReport = QualityMeasures & { reasons: QualityReason[] };

/** Pixels as a canvas (RGBA, 4 channels) or sharp (`channels` 1, 3 or 4) gives them. */
export type Pixels = { data: ArrayLike<number>; width: number; height: number; channels: number };

/** The size the photo is drawn at for the analysis: ANALYSIS_SIDE on its long side, never enlarged. */
export const analysisSize = (size: Size): Size => fitWithin(size, ANALYSIS_SIDE);

/**
 * Luminance (Rec. 601 weights, integer) of each pixel; `histogram` (256 bins), when given, counts them in
 * the same pass.
 */
export function luminance({ data, width, height, channels }: Pixels, histogram?: Uint32Array): Uint8Array {
  const count = width * height;
  const gray = new Uint8Array(count);
  if (channels < 3) for (let i = 0; i < count; i += 1) gray[i] = data[i * channels];
  else
    for (let i = 0, at = 0; i < count; i += 1, at += channels)
      gray[i] = (77 * data[at] + 150 * data[at + 1] + 29 * data[at + 2] + 128) >> 8;
  if (histogram) for (let i = 0; i < count; i += 1) histogram[gray[i]] += 1;
  return gray;
}

/** The 256-bin histogram of a luminance image. */
export function histogramOf(gray: Uint8Array): Uint32Array {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < gray.length; i += 1) histogram[gray[i]] += 1;
  return histogram;
}

/** The luminance below which `share` of the pixels lie, from a 256-bin histogram. */
function percentile(histogram: Uint32Array, count: number, share: number): number {
  const target = share * count;
  let seen = 0;
  for (let value = 0; value < 256; value += 1) {
    seen += histogram[value];
    if (seen > target) return value;
  }
  return 255;
}

/** Mean, 5th and 95th percentiles and the clipped-white share of a luminance image. */
export function exposure(gray: Uint8Array, histogram = histogramOf(gray)): Omit<QualityMeasures, "sharpness"> {
  const count = gray.length;
  let sum = 0;
  for (let value = 1; value < 256; value += 1) sum += value * histogram[value];
  if (count === 0) return { mean: 0, p01: 0, p95: 0, clippedWhite: 0 };
  let white = 0;
  for (let value = WHITE; value < 256; value += 1) white += histogram[value];
  return {
    mean: sum / count,
    p01: percentile(histogram, count, 0.01),
    p95: percentile(histogram, count, 0.95),
    clippedWhite: white / count,
  };
}

/** Sharpness of a luminance image: see `sharpness`. */
export type Sharpness = { laplacian: number; weakestDirection: number };

/**
 * Sharpness: the luminance stretched so its 1st..99th percentiles span 0..255 (a dark or flat-lit photo is
 * not "blurred" for its exposure alone), then in each TILE_SIDE tile the variance of the 4-neighbour
 * Laplacian and of the second difference along each of four directions (—, |, ╲, ╱). The tiles kept are
 * the DETAIL_SHARE with the most Laplacian variance (a receipt's print covers only part of the frame: the
 * table and the paper's margins have no detail, in focus or not). `laplacian`: their mean Laplacian
 * variance, which falls with a blur of every direction; `weakestDirection`: their mean second-difference
 * variance along the direction that has least, which falls when a hand moved (a blur along one line
 * leaves the Laplacian the strokes across it). Null under 3×3 pixels, where neither exists.
 */
export function sharpness(
  gray: Uint8Array,
  width: number,
  height: number,
  histogram = histogramOf(gray),
): Sharpness | null {
  if (width < 3 || height < 3) return null;
  const low = percentile(histogram, gray.length, 0.01);
  const high = percentile(histogram, gray.length, 0.99);
  // A flat photo has nothing to stretch: a gain of 1 keeps its Laplacian at its true (near) zero.
  const gain = high - low >= 8 ? 255 / (high - low) : 1;
  const tilesX = Math.max(1, Math.floor((width - 2) / TILE_SIDE));
  const tilesY = Math.max(1, Math.floor((height - 2) / TILE_SIDE));
  const tiles = tilesX * tilesY;
  // Per tile: the sum and the sum of squares of the Laplacian and of the four second differences.
  const sums = new Float64Array(tiles * 5);
  const squares = new Float64Array(tiles * 5);
  const counts = new Uint32Array(tiles);
  for (let y = 1; y < height - 1; y += 1) {
    const ty = Math.min(tilesY - 1, Math.floor((y - 1) / TILE_SIDE));
    const row = y * width;
    for (let tx = 0; tx < tilesX; tx += 1) {
      const from = 1 + tx * TILE_SIDE;
      const to = tx === tilesX - 1 ? width - 1 : from + TILE_SIDE;
      // Sums in locals for the tile's part of the row, added to the tile's once (the hot loop).
      let s0 = 0,
        s1 = 0,
        s2 = 0,
        s3 = 0,
        s4 = 0;
      let q0 = 0,
        q1 = 0,
        q2 = 0,
        q3 = 0,
        q4 = 0;
      for (let at = row + from, end = row + to; at < end; at += 1) {
        const twice = 2 * gray[at];
        const across = twice - gray[at - 1] - gray[at + 1];
        const down = twice - gray[at - width] - gray[at + width];
        const falling = twice - gray[at - width - 1] - gray[at + width + 1];
        const rising = twice - gray[at - width + 1] - gray[at + width - 1];
        const lap = across + down;
        s0 += lap;
        q0 += lap * lap;
        s1 += across;
        q1 += across * across;
        s2 += down;
        q2 += down * down;
        s3 += falling;
        q3 += falling * falling;
        s4 += rising;
        q4 += rising * rising;
      }
      const tile = ty * tilesX + tx;
      const base = tile * 5;
      sums[base] += s0;
      sums[base + 1] += s1;
      sums[base + 2] += s2;
      sums[base + 3] += s3;
      sums[base + 4] += s4;
      squares[base] += q0;
      squares[base + 1] += q1;
      squares[base + 2] += q2;
      squares[base + 3] += q3;
      squares[base + 4] += q4;
      counts[tile] += to - from;
    }
  }
  const variance = (tile: number, measure: number) => {
    const n = counts[tile];
    const mean = sums[tile * 5 + measure] / n;
    return (squares[tile * 5 + measure] / n - mean * mean) * gain * gain;
  };
  const order = Array.from({ length: tiles }, (_, tile) => tile).sort((a, b) => variance(b, 0) - variance(a, 0));
  const top = order.slice(0, Math.max(1, Math.round(tiles * DETAIL_SHARE)));
  const meanOf = (measure: number) => top.reduce((total, tile) => total + variance(tile, measure), 0) / top.length;
  return { laplacian: meanOf(0), weakestDirection: Math.min(meanOf(1), meanOf(2), meanOf(3), meanOf(4)) };
}

/** The reasons a photo with these measures, taken at `original` pixels, is flagged (none: it is fine). */
export function reasonsFor(measures: QualityMeasures, original: Size): QualityReason[] {
  const reasons: QualityReason[] = [];
  const { sharpness } = measures;
  if (sharpness && (sharpness.laplacian < BLUR_MIN || sharpness.weakestDirection < DIRECTION_MIN))
    reasons.push("blurred");
  if (measures.p95 < DARK_BRIGHT_MAX || measures.mean < DARK_MEAN_MAX) reasons.push("dark");
  else if (measures.p01 > BRIGHT_DARK_MIN || measures.clippedWhite > CLIPPED_WHITE_MAX) reasons.push("bright");
  if (Math.max(original.width, original.height) < MIN_LONG_SIDE) reasons.push("small");
  return reasons;
}

/** Every measure of `pixels` (the photo at analysisSize) and the reasons it is flagged. */
export function assessPhoto(pixels: Pixels, original: Size): QualityReport {
  const histogram = new Uint32Array(256);
  const gray = luminance(pixels, histogram);
  const measures: QualityMeasures = {
    sharpness: sharpness(gray, pixels.width, pixels.height, histogram),
    ...exposure(gray, histogram),
  };
  return { ...measures, reasons: reasonsFor(measures, original) };
}
