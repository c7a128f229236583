import sharp from "sharp";
import {
  analysisSize,
  ANALYSIS_SIDE,
  assessPhoto,
  BLUR_MIN,
  DIRECTION_MIN,
  exposure,
  luminance,
  MIN_LONG_SIDE,
  reasonsFor,
  sharpness,
  type Pixels,
  type QualityMeasures,
} from "@/lib/images/quality";
import { assessJpeg, drawBilinear, receiptPhoto } from "@/scripts/bench/quality-photos";
import { createRandom } from "@/server/seed/random";

// The photo quality check's measures (lib/images/quality.ts): pure functions over pixels, the same the
// browser's worker runs. Receipts drawn by the bench's generator, and plain synthetic images for the
// edges (a single pixel, a flat colour, a checkerboard).

const gray = (width: number, height: number, value: (x: number, y: number) => number): Pixels => {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) data[y * width + x] = value(x, y);
  return { data, width, height, channels: 1 };
};
const big = { width: 3000, height: 4000 };
const fine: QualityMeasures = {
  sharpness: { laplacian: 20_000, weakestDirection: 6000 },
  mean: 140,
  p01: 40,
  p95: 240,
  clippedWhite: 0.1,
};

describe("analysisSize", () => {
  test("a 2000 px photo is analysed at ANALYSIS_SIDE on its long side; a small one as it is", () => {
    expect(analysisSize({ width: 1500, height: 2000 })).toEqual({ width: 480, height: ANALYSIS_SIDE });
    expect(analysisSize({ width: 4000, height: 3000 })).toEqual({ width: ANALYSIS_SIDE, height: 480 });
    expect(analysisSize({ width: 600, height: 450 })).toEqual({ width: 600, height: 450 });
  });
});

describe('drawBilinear (the canvas\'s "low" draw, as the bench draws it)', () => {
  const rgba = (width: number, height: number, value: (x: number, y: number) => number) => {
    const data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y += 1)
      for (let x = 0; x < width; x += 1) {
        const at = (y * width + x) * 4;
        data.fill(value(x, y), at, at + 3);
        data[at + 3] = 255;
      }
    return data;
  };
  const grays = (data: Uint8Array) => Array.from(data.filter((_, index) => index % 4 === 0));

  test("at the same size it is a copy", () => {
    const image = rgba(5, 3, (x, y) => x * 40 + y);
    expect(drawBilinear(image, { width: 5, height: 3 }, { width: 5, height: 3 })).toEqual(image);
  });

  test("at half the size each pixel is the mean of the 2×2 under it", () => {
    const image = rgba(4, 2, (x, y) => [0, 100, 200, 40][x] + y * 20);
    expect(grays(drawBilinear(image, { width: 4, height: 2 }, { width: 2, height: 1 }))).toEqual([60, 130]);
  });

  test("at a third, each pixel is sampled at its centre: the pixels between are skipped (no mipmaps)", () => {
    // Centres at 1, 4, 7 of a 9 px row: a value only at 2, 5 and 8 is never seen.
    const comb = rgba(9, 1, (x) => (x % 3 === 2 ? 255 : 0));
    expect(grays(drawBilinear(comb, { width: 9, height: 1 }, { width: 3, height: 1 }))).toEqual([0, 0, 0]);
    const ramp = rgba(9, 1, (x) => x * 10);
    expect(grays(drawBilinear(ramp, { width: 9, height: 1 }, { width: 3, height: 1 }))).toEqual([10, 40, 70]);
  });

  test("the edges are clamped: a flat image stays flat at any size", () => {
    const flat = rgba(7, 5, () => 123);
    expect(new Set(grays(drawBilinear(flat, { width: 7, height: 5 }, { width: 3, height: 2 })))).toEqual(
      new Set([123]),
    );
    expect(new Set(grays(drawBilinear(flat, { width: 7, height: 5 }, { width: 11, height: 9 })))).toEqual(
      new Set([123]),
    );
  });
});

describe("luminance", () => {
  test("Rec. 601 weights on RGBA and RGB; one channel is taken as it is", () => {
    const rgba = { data: [255, 255, 255, 255, 255, 0, 0, 255, 0, 255, 0, 0], width: 3, height: 1, channels: 4 };
    expect(Array.from(luminance(rgba))).toEqual([255, 77, 149]);
    const rgb = { data: [0, 0, 255, 10, 10, 10], width: 2, height: 1, channels: 3 };
    expect(Array.from(luminance(rgb))).toEqual([29, 10]);
    expect(Array.from(luminance({ data: [7, 9], width: 2, height: 1, channels: 1 }))).toEqual([7, 9]);
  });
});

describe("exposure", () => {
  test("mean, darkest 1 %, brightest 5 % and the clipped-white share", () => {
    const values = new Uint8Array(100);
    values.fill(200);
    values[0] = 0; // the darkest 1 %
    for (let i = 90; i < 100; i += 1) values[i] = 255;
    const result = exposure(values);
    expect(result.p01).toBe(200);
    expect(result.p95).toBe(255);
    expect(result.clippedWhite).toBeCloseTo(0.1);
    expect(result.mean).toBeCloseTo((200 * 89 + 2550) / 100);
  });

  test("an empty image has no light at all, and no division by zero", () => {
    expect(exposure(new Uint8Array(0))).toEqual({ mean: 0, p01: 0, p95: 0, clippedWhite: 0 });
  });
});

describe("sharpness", () => {
  test("under 3×3 pixels there is no Laplacian: null", () => {
    expect(sharpness(new Uint8Array([128]), 1, 1)).toBeNull();
    expect(sharpness(new Uint8Array(2 * 50), 2, 50)).toBeNull();
  });

  test("a flat image has none (a uniform photo reads as blurred)", () => {
    const flat = gray(64, 64, () => 128);
    expect(sharpness(luminance(flat), 64, 64)).toEqual({ laplacian: 0, weakestDirection: 0 });
  });

  test("a checkerboard is all edges; the same board blurred has far less", async () => {
    const board = gray(256, 256, (x, y) => ((Math.floor(x / 4) + Math.floor(y / 4)) % 2 ? 230 : 25));
    const sharpBoard = sharpness(luminance(board), 256, 256)!;
    const blurred = await sharp(Buffer.from(board.data as Uint8Array), {
      raw: { width: 256, height: 256, channels: 1 },
    })
      .blur(3)
      .raw()
      .toBuffer();
    const soft = sharpness(new Uint8Array(blurred), 256, 256)!;
    expect(sharpBoard.laplacian).toBeGreaterThan(BLUR_MIN);
    expect(soft.laplacian).toBeLessThan(sharpBoard.laplacian / 10);
  });

  test("the contrast stretch: the same board at a tenth of the light keeps its sharpness", () => {
    const bright = gray(128, 128, (x, y) => ((Math.floor(x / 4) + Math.floor(y / 4)) % 2 ? 250 : 10));
    const dim = gray(128, 128, (x, y) => ((Math.floor(x / 4) + Math.floor(y / 4)) % 2 ? 25 : 1));
    const a = sharpness(luminance(bright), 128, 128)!;
    const b = sharpness(luminance(dim), 128, 128)!;
    expect(b.laplacian / a.laplacian).toBeGreaterThan(0.8);
    expect(b.laplacian / a.laplacian).toBeLessThan(1.25);
  });

  test("stripes blurred along their length only: the Laplacian stays, the weakest direction falls", () => {
    // Vertical bars: every second difference across them is strong, along them (|) there is none.
    const bars = gray(128, 128, (x) => (Math.floor(x / 3) % 2 ? 230 : 25));
    const result = sharpness(luminance(bars), 128, 128)!;
    expect(result.laplacian).toBeGreaterThan(BLUR_MIN);
    expect(result.weakestDirection).toBeLessThan(DIRECTION_MIN);
  });
});

describe("reasonsFor", () => {
  test("a well-lit, sharp, large photo is not flagged", () => {
    expect(reasonsFor(fine, big)).toEqual([]);
  });

  test("blurred below either threshold", () => {
    const soft = (laplacian: number, weakestDirection: number) => ({
      ...fine,
      sharpness: { laplacian, weakestDirection },
    });
    expect(reasonsFor(soft(BLUR_MIN - 1, 6000), big)).toEqual(["blurred"]);
    expect(reasonsFor(soft(BLUR_MIN, DIRECTION_MIN), big)).toEqual([]);
    expect(reasonsFor(soft(20_000, DIRECTION_MIN - 1), big)).toEqual(["blurred"]);
  });

  test("dark by its brightest part or its mean; bright by its darkest part or clipped white", () => {
    expect(reasonsFor({ ...fine, p95: 99, mean: 60 }, big)).toEqual(["dark"]);
    expect(reasonsFor({ ...fine, mean: 49 }, big)).toEqual(["dark"]);
    expect(reasonsFor({ ...fine, p01: 151 }, big)).toEqual(["bright"]);
    expect(reasonsFor({ ...fine, clippedWhite: 0.51 }, big)).toEqual(["bright"]);
  });

  test("small by the original's long side; a 1×1 image is small and nothing else can be said", () => {
    expect(reasonsFor(fine, { width: MIN_LONG_SIDE - 1, height: 600 })).toEqual(["small"]);
    expect(reasonsFor(fine, { width: 600, height: MIN_LONG_SIDE })).toEqual([]);
    const dot = assessPhoto({ data: [128, 128, 128, 255], width: 1, height: 1, channels: 4 }, { width: 1, height: 1 });
    expect(dot.sharpness).toBeNull();
    expect(dot.reasons).toEqual(["small"]);
  });

  test("uniform images: white is washed out, black is dark, both have no detail", () => {
    const white = assessPhoto(
      gray(1200, 900, () => 255),
      { width: 1200, height: 900 },
    );
    expect(white.reasons).toEqual(["blurred", "bright"]);
    const black = assessPhoto(
      gray(1200, 900, () => 0),
      { width: 1200, height: 900 },
    );
    expect(black.reasons).toEqual(["blurred", "dark"]);
  });
});

describe("drawn receipts, drawn at the analysis size as the worker draws them (bilinear)", () => {
  jest.setTimeout(60_000);

  test.each([11, 12])(
    "seed %i: sharp passes; σ 4 blurred, a 20 px shake, ×0.2 dark, washed out, 700 px each flagged",
    async (seed) => {
      const photo = (degradation: Parameters<typeof receiptPhoto>[1]) =>
        receiptPhoto(createRandom(seed), degradation).then((p) => assessJpeg(p.bytes));
      expect((await photo({ kind: "sharp" })).reasons).toEqual([]);
      expect((await photo({ kind: "gaussian", sigma: 4 })).reasons).toContain("blurred");
      expect((await photo({ kind: "motion", length: 20 })).reasons).toContain("blurred");
      expect((await photo({ kind: "dark", gain: 0.2 })).reasons).toEqual(["dark"]);
      expect((await photo({ kind: "bright", gain: 0.45, lift: 150 })).reasons).toContain("bright");
      // A receipt shrunk to 700 px may also read as blurred (its print is that small); never dark or bright.
      const small = (await photo({ kind: "small", side: 700 })).reasons;
      expect(small).toContain("small");
      expect(small.filter((reason) => reason === "dark" || reason === "bright")).toEqual([]);
    },
  );
});
