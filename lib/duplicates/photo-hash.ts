// The "mesma foto" rule's arithmetic (docs/decisions/0301-photo-hash.md): a photo's 64-bit perceptual
// hash (the DCT hash, "pHash") from its 32 x 32 greyscale pixels, the Hamming distance between two
// hashes and the five 13-bit bands PostgreSQL indexes. Two hashes within PHOTO_MATCH_DISTANCE (4) of
// each other always share a band (five bands, at most four differing bits: one band is untouched), so
// the lookup probes the five band indexes and checks the full distance on what they find.

/** The side of the square the hash is computed from. */
export const PHASH_SIDE = 32;
/** The low frequencies kept: an 8 x 8 corner of the DCT, 64 coefficients, one bit each. */
const KEPT = 8;

/**
 * The largest Hamming distance at which two photos are the same photo. Measured (docs/performance.md,
 * "Near-duplicate blocks"): a re-encoded, scaled or 3%-cropped copy stays within 4 of its original;
 * different receipts of one template are 6 or more apart.
 */
export const PHOTO_MATCH_DISTANCE = 4;

/** Bands of the hash indexed apart: PHOTO_MATCH_DISTANCE + 1 of them (the pigeonhole above). */
export const PHOTO_BAND_COUNT = PHOTO_MATCH_DISTANCE + 1;
/** Bits per band (the last holds the 12 left, plus the sign's copies: the same on both sides). */
export const PHOTO_BAND_BITS = 13;
export const PHOTO_BAND_MASK = (1 << PHOTO_BAND_BITS) - 1;

// cos((2x + 1) u π / 2N) for u < KEPT, x < N: the DCT's basis, computed once.
const COSINES = Array.from({ length: KEPT }, (_, u) =>
  Float64Array.from({ length: PHASH_SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * PHASH_SIDE))),
);

/**
 * The pHash of 32 x 32 greyscale pixels (row by row, one byte each): the 8 x 8 lowest frequencies of
 * their 2-D DCT, each bit saying whether its coefficient is above the median of the 63 without the
 * average (DC); the (0, 0) coefficient's bit is the highest. As a signed 64-bit integer (bigint).
 */
export function pHash(pixels: Uint8Array): bigint {
  if (pixels.length !== PHASH_SIDE * PHASH_SIDE) throw new RangeError("pHash needs 32 x 32 pixels");
  // Rows first: per row y and frequency v, the sum over x; then per (u, v) the sum over y.
  const rows = new Float64Array(PHASH_SIDE * KEPT);
  for (let y = 0; y < PHASH_SIDE; y++) {
    for (let v = 0; v < KEPT; v++) {
      let sum = 0;
      for (let x = 0; x < PHASH_SIDE; x++) sum += pixels[y * PHASH_SIDE + x] * COSINES[v][x];
      rows[y * KEPT + v] = sum;
    }
  }
  const coefficients: number[] = [];
  for (let u = 0; u < KEPT; u++) {
    for (let v = 0; v < KEPT; v++) {
      let sum = 0;
      for (let y = 0; y < PHASH_SIDE; y++) sum += rows[y * KEPT + v] * COSINES[u][y];
      coefficients.push(sum);
    }
  }
  const sorted = coefficients.slice(1).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  let hash = 0n;
  for (const coefficient of coefficients) hash = (hash << 1n) | (coefficient > median ? 1n : 0n);
  return BigInt.asIntN(64, hash);
}

/** The number of bits two hashes differ in (0 to 64). */
export function hammingDistance(a: bigint, b: bigint): number {
  let diff = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (diff !== 0n) {
    diff &= diff - 1n;
    count++;
  }
  return count;
}

/**
 * The five bands of a hash, lowest first: band i is `(hash >> 13 i) & 8191` (an arithmetic shift, as
 * PostgreSQL's on a bigint), the expression each band index of documents holds.
 */
export function photoHashBands(hash: bigint): number[] {
  return Array.from({ length: PHOTO_BAND_COUNT }, (_, i) =>
    Number((hash >> BigInt(PHOTO_BAND_BITS * i)) & BigInt(PHOTO_BAND_MASK)),
  );
}

/** Whether two photos' hashes say they are the same photo. */
export const samePhoto = (a: bigint, b: bigint): boolean => hammingDistance(a, b) <= PHOTO_MATCH_DISTANCE;
