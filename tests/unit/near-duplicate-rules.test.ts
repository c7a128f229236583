// The near-duplicate rules' arithmetic (docs/decisions/0300, 0301): the photo hash's distance and bands,
// and "mesmo fornecedor e valor em até 3 dias" for one pair.
import {
  hammingDistance,
  pHash,
  PHASH_SIDE,
  PHOTO_BAND_COUNT,
  PHOTO_MATCH_DISTANCE,
  photoHashBands,
  samePhoto,
} from "@/lib/duplicates/photo-hash";
import { comparedValueAndDate, sameSupplierAndValue, type SupplierValueFacts } from "@/lib/duplicates/rules";

describe("the photo hash", () => {
  test("Hamming distance: bits that differ, the sign bit too", () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0b1011n, 0b0001n)).toBe(2);
    expect(hammingDistance(-1n, 0n)).toBe(64);
    expect(hammingDistance(BigInt.asIntN(64, 1n << 63n), 0n)).toBe(1);
    expect(samePhoto(0n, 0b1111n)).toBe(true);
    expect(samePhoto(0n, 0b11111n)).toBe(false);
  });

  test("five 13-bit bands, as PostgreSQL's (hash >> 13 i) & 8191 on a bigint", () => {
    expect(PHOTO_BAND_COUNT).toBe(PHOTO_MATCH_DISTANCE + 1);
    expect(photoHashBands(0n)).toEqual([0, 0, 0, 0, 0]);
    const hash = (5n << 52n) | (4n << 39n) | (3n << 26n) | (2n << 13n) | 1n;
    expect(photoHashBands(hash)).toEqual([1, 2, 3, 4, 5]);
    // A negative hash: the arithmetic shift copies the sign into the last band's top bit.
    expect(photoHashBands(-1n)).toEqual([8191, 8191, 8191, 8191, 8191]);
  });

  test("any two hashes within the match distance share a band", () => {
    let seed = 7n;
    const next = () => (seed = (seed * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n));
    for (let round = 0; round < 500; round++) {
      const a = BigInt.asIntN(64, next());
      let b = a;
      const flips = new Set<number>();
      while (flips.size < PHOTO_MATCH_DISTANCE) flips.add(Number(next() % 64n));
      for (const bit of flips) b = BigInt.asIntN(64, b ^ (1n << BigInt(bit)));
      expect(hammingDistance(a, b)).toBe(PHOTO_MATCH_DISTANCE);
      const [bandsA, bandsB] = [photoHashBands(a), photoHashBands(b)];
      expect(bandsA.some((band, i) => band === bandsB[i])).toBe(true);
    }
  });

  test("pHash: 32 x 32 pixels; a brightness shift leaves it, a mirrored picture changes it", () => {
    const side = PHASH_SIDE;
    const picture = Uint8Array.from(
      { length: side * side },
      (_, i) => ((i % side) * 5 + Math.floor(i / side) * 3) % 200,
    );
    const brighter = picture.map((value) => value + 40);
    const mirrored = Uint8Array.from(
      { length: side * side },
      (_, i) => picture[Math.floor(i / side) * side + (side - 1 - (i % side))],
    );
    expect(hammingDistance(pHash(picture), pHash(brighter))).toBe(0);
    expect(hammingDistance(pHash(picture), pHash(mirrored))).toBeGreaterThan(PHOTO_MATCH_DISTANCE);
    expect(() => pHash(new Uint8Array(10))).toThrow(RangeError);
  });
});

describe("mesmo fornecedor e valor em até 3 dias", () => {
  const read = (p: Partial<SupplierValueFacts> = {}): SupplierValueFacts => ({
    supplierTaxId: "11222333000181",
    valueCents: null,
    paymentDate: null,
    readValueCents: 15_000n,
    readDate: "2026-10-10",
    ...p,
  });

  test("the block's own value and date when it has them, else the read ones", () => {
    expect(comparedValueAndDate(read())).toEqual({ valueCents: 15_000n, date: "2026-10-10" });
    expect(comparedValueAndDate(read({ valueCents: 9_900n, paymentDate: "2026-10-12" }))).toEqual({
      valueCents: 9_900n,
      date: "2026-10-12",
    });
  });

  test.each([
    ["3 days later", read({ readDate: "2026-10-13" }), true],
    ["3 days before, across a month", read({ readDate: "2026-10-07" }), true],
    [
      "the categorised value and date",
      read({ readValueCents: 1n, valueCents: 15_000n, paymentDate: "2026-10-11" }),
      true,
    ],
    ["4 days later", read({ readDate: "2026-10-14" }), false],
    ["another value", read({ readValueCents: 15_001n }), false],
    ["another supplier", read({ supplierTaxId: "45997418000153" }), false],
    ["no supplier", read({ supplierTaxId: null }), false],
    ["no value", read({ readValueCents: null }), false],
    ["no date", read({ readDate: null }), false],
  ])("%s", (_label, other, same) => {
    expect(sameSupplierAndValue(read(), other)).toBe(same);
    expect(sameSupplierAndValue(other, read())).toBe(same && other.supplierTaxId !== null);
  });
});
