// The "mesma foto" rule's arithmetic (docs/decisions/0301-photo-hash.md): a photo's 64-bit difference
// hash (dHash) from its 9 x 8 greyscale pixels, the Hamming distance between two hashes and the four
// 16-bit bands PostgreSQL indexes. Two hashes within PHOTO_MATCH_DISTANCE (at most 3) of each other
// always share a band (four bands, at most three differing bits: one band is untouched), so the lookup
// probes the four band indexes and checks the full distance on what they find.

export const DHASH_WIDTH = 9;
export const DHASH_HEIGHT = 8;

/**
 * The largest Hamming distance at which two photos are the same photo. Measured (docs/performance.md,
 * "Near-duplicate blocks"): a re-encoded, resized or 3%-cropped copy stays within 2, different
 * receipts of one template are 9 or more apart. Never above 3: the band lookup only guarantees 3.
 */
export const PHOTO_MATCH_DISTANCE = 3;

/**
 * How much brighter (of 255) a pixel must be than its right neighbour for its bit to be 1. A photo of
 * paper is mostly flat: neighbours a level or two apart would flip with any re-encoding.
 */
export const DHASH_MARGIN = 10;

/**
 * The dHash of 9 x 8 greyscale pixels (row by row, one byte each): per row, 8 bits saying whether each
 * pixel is brighter than its right neighbour by more than DHASH_MARGIN; row 0's first comparison is the
 * highest bit. As a signed 64-bit integer (PostgreSQL's bigint).
 */
export function dHash(pixels: Uint8Array): bigint {
  if (pixels.length !== DHASH_WIDTH * DHASH_HEIGHT) throw new RangeError("dHash needs 9 x 8 pixels");
  let hash = 0n;
  for (let y = 0; y < DHASH_HEIGHT; y++) {
    for (let x = 0; x < DHASH_WIDTH - 1; x++) {
      const at = y * DHASH_WIDTH + x;
      hash = (hash << 1n) | (pixels[at] > pixels[at + 1] + DHASH_MARGIN ? 1n : 0n);
    }
  }
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
 * The four 16-bit bands of a hash, lowest first: band i is `(hash >> 16 i) & 65535`, the expression
 * each band index of documents holds.
 */
export function photoHashBands(hash: bigint): [number, number, number, number] {
  const band = (i: number) => Number((hash >> BigInt(16 * i)) & 0xffffn);
  return [band(0), band(1), band(2), band(3)];
}

/** Whether two photos' hashes say they are the same photo. */
export const samePhoto = (a: bigint, b: bigint): boolean => hammingDistance(a, b) <= PHOTO_MATCH_DISTANCE;
