import { IMAGE_DATA_URL_MAX } from "@/lib/constants";
import {
  dataUrlLength,
  encodeUnderLimit,
  fitWithin,
  ImageTooLargeError,
  MAX_ENCODE_ATTEMPTS,
  nextSide,
  UPLOAD_MAX_SIDE,
  type Size,
} from "@/lib/images/downscale";

describe("fitWithin", () => {
  test("a 12 MP photo (4000×3000) fits 2000 on its long side", () => {
    expect(fitWithin({ width: 4000, height: 3000 }, UPLOAD_MAX_SIDE)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin({ width: 3000, height: 4000 }, UPLOAD_MAX_SIDE)).toEqual({ width: 1500, height: 2000 });
  });

  test("a 48 MP photo (8000×6000) too", () => {
    expect(fitWithin({ width: 8000, height: 6000 }, UPLOAD_MAX_SIDE)).toEqual({ width: 2000, height: 1500 });
  });

  test("never enlarged; never below one pixel", () => {
    expect(fitWithin({ width: 800, height: 600 }, UPLOAD_MAX_SIDE)).toEqual({ width: 800, height: 600 });
    expect(fitWithin({ width: 10_000, height: 1 }, 100)).toEqual({ width: 100, height: 1 });
  });
});

describe("dataUrlLength", () => {
  test("the header plus base64 of the bytes", () => {
    expect(dataUrlLength(0)).toBe("data:image/jpeg;base64,".length);
    expect(dataUrlLength(3)).toBe("data:image/jpeg;base64,".length + 4);
    expect(dataUrlLength(4)).toBe("data:image/jpeg;base64,".length + 8);
    expect(dataUrlLength(1, "image/png")).toBe("data:image/png;base64,".length + 4);
  });

  test("matches a real data URL", () => {
    const bytes = Buffer.from("any bytes of a picture, 37 of them!!!");
    expect(dataUrlLength(bytes.length)).toBe(`data:image/jpeg;base64,${bytes.toString("base64")}`.length);
  });
});

describe("nextSide", () => {
  test("aims at the square root of the overshoot with a margin", () => {
    // 4× too long: half the side, minus 10 %
    expect(nextSide(2000, 4 * IMAGE_DATA_URL_MAX)).toBe(900);
  });

  test("always shrinks by at least 10 %", () => {
    expect(nextSide(2000, IMAGE_DATA_URL_MAX + 1)).toBeLessThanOrEqual(1800);
    expect(nextSide(2000, IMAGE_DATA_URL_MAX + 1)).toBeGreaterThan(1790);
  });
});

/** An encoder whose output is `bytesPerPixel` bytes per pixel, recording the sizes it was asked for. */
function fakeEncoder(bytesPerPixel: number) {
  const asked: Size[] = [];
  const encode = async (size: Size) => {
    asked.push(size);
    return new Blob([new Uint8Array(Math.ceil(size.width * size.height * bytesPerPixel))]);
  };
  return { asked, encode };
}

describe("encodeUnderLimit (spec §5: downscaled repeatedly until under the limit)", () => {
  test("a photo under the limit at 2000 px is encoded once, at 2000 px", async () => {
    const { asked, encode } = fakeEncoder(0.5);
    const result = await encodeUnderLimit({ width: 4000, height: 3000 }, encode);
    expect(asked).toEqual([{ width: 2000, height: 1500 }]);
    expect(result).toMatchObject({ width: 2000, height: 1500 });
    expect(dataUrlLength(result.blob.size)).toBeLessThanOrEqual(IMAGE_DATA_URL_MAX);
  });

  test("an encoding over the limit is shrunk until under it", async () => {
    const { asked, encode } = fakeEncoder(1);
    const max = 1_000_000;
    const result = await encodeUnderLimit({ width: 4000, height: 3000 }, encode, { max });
    expect(asked.length).toBeGreaterThan(1);
    expect(dataUrlLength(result.blob.size)).toBeLessThanOrEqual(max);
    for (let index = 1; index < asked.length; index += 1)
      expect(asked[index].width).toBeLessThan(asked[index - 1].width);
    expect(result.width / result.height).toBeCloseTo(4 / 3, 1);
  });

  test("gives up after MAX_ENCODE_ATTEMPTS", async () => {
    const encode = async () => new Blob([new Uint8Array(100)]);
    await expect(encodeUnderLimit({ width: 100, height: 100 }, encode, { max: 10 })).rejects.toBeInstanceOf(
      ImageTooLargeError,
    );
    // 1000 bytes a pixel: even one pixel is over the limit, so every attempt is made (from a small photo: the
    // fake's bytes are real memory).
    const { asked, encode: counting } = fakeEncoder(1000);
    await expect(encodeUnderLimit({ width: 120, height: 90 }, counting, { max: 30 })).rejects.toBeInstanceOf(
      ImageTooLargeError,
    );
    expect(asked).toHaveLength(MAX_ENCODE_ATTEMPTS);
  });
});
