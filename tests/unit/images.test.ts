import { createHash } from "node:crypto";
import sharp from "sharp";
import { IMAGE_DATA_URL_MAX } from "@/lib/constants";
import { messages } from "@/lib/i18n/messages";
import { AppError } from "@/server/errors";
import {
  DISPLAY_MAX_SIDE,
  THUMB_MAX_SIDE,
  decodeDataUrl,
  processDataUrl,
  processImage,
} from "@/server/images/pipeline";
import {
  GPS_EXIF,
  avifImage,
  exifHasGps,
  gifImage,
  heicHeader,
  oversizeDataUrl,
  photoJpeg,
  pixelAt,
  pixelBombPng,
  pngImage,
  receiptJpeg,
  textFileNamedJpg,
  toDataUrl,
  truncatedJpeg,
  webpImage,
} from "@/tests/helpers/images";

const image = messages.api.image;

async function expectAppError(work: Promise<unknown>, code: string, message: string, status: number): Promise<void> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code, message, status });
}

describe("processImage: accepted images", () => {
  test("applies EXIF orientation 6 and strips EXIF and GPS", async () => {
    const input = await receiptJpeg();
    const before = await sharp(input).metadata();
    // The fixture really carries what the pipeline must remove.
    expect(before).toMatchObject({ width: 1200, height: 800, orientation: 6 });
    expect(exifHasGps(before.exif as Buffer)).toBe(true);
    expect((before.exif as Buffer).toString("latin1")).toContain(GPS_EXIF.IFD0.Make);

    const out = await processImage(input);
    expect(out).toMatchObject({ mime: "image/webp", width: 800, height: 1200, size: out.display.length });
    for (const buffer of [out.display, out.thumb]) {
      const meta = await sharp(buffer).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(buffer.includes(Buffer.from(GPS_EXIF.IFD0.Make))).toBe(false);
    }
    // The red marker of the stored top-left corner is now top-right: rotated, not just relabelled.
    const topRight = await pixelAt(out.display, 750, 50);
    const topLeft = await pixelAt(out.display, 50, 50);
    expect(topRight.r).toBeGreaterThan(200);
    expect(topRight.g).toBeLessThan(60);
    expect(Math.min(topLeft.r, topLeft.g, topLeft.b)).toBeGreaterThan(200);
    const thumb = await sharp(out.thumb).metadata();
    expect({ width: thumb.width, height: thumb.height }).toEqual({ width: 213, height: THUMB_MAX_SIDE });
  });

  test("scales a 4000x3000 photo to the display and thumbnail bounds", async () => {
    const out = await processImage(await photoJpeg(4000, 3000));
    expect({ width: out.width, height: out.height }).toEqual({ width: DISPLAY_MAX_SIDE, height: 1500 });
    const thumb = await sharp(out.thumb).metadata();
    expect({ width: thumb.width, height: thumb.height }).toEqual({ width: THUMB_MAX_SIDE, height: 240 });
  });

  test.each([
    ["PNG with alpha", pngImage, 640, 480],
    ["WebP", webpImage, 500, 300],
    ["AVIF", avifImage, 64, 48],
  ])("keeps a small %s at its size (no enlargement)", async (_name, make, width, height) => {
    const out = await processImage(await make());
    expect({ width: out.width, height: out.height, mime: out.mime }).toEqual({ width, height, mime: "image/webp" });
    expect((await sharp(out.display).metadata()).format).toBe("webp");
  });

  test("hash is the sha256 of the uploaded bytes, stable across runs", async () => {
    const input = await pngImage();
    const [first, second] = [await processImage(input), await processDataUrl(toDataUrl(input, "image/png"))];
    expect(first.hash).toBe(createHash("sha256").update(input).digest("hex"));
    expect(second.hash).toBe(first.hash);
    expect((await processImage(await webpImage())).hash).not.toBe(first.hash);
  });
});

describe("processImage: refused inputs never become a 500", () => {
  test("pixel bomb: a tiny PNG declaring 20000x20000", async () => {
    const bomb = await pixelBombPng();
    expect(bomb.length).toBeLessThan(1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20_000, height: 20_000 });
    await expectAppError(processImage(bomb), "too_large", image.tooManyPixels, 413);
  });

  test("truncated JPEG", async () => {
    await expectAppError(processImage(await truncatedJpeg()), "invalid_input", image.corrupt, 400);
  });

  test("a text file named .jpg, sent as image/jpeg", async () => {
    const { bytes } = textFileNamedJpg();
    await expectAppError(
      processDataUrl(toDataUrl(bytes, "image/jpeg")),
      "unsupported_media",
      image.unsupportedType,
      415,
    );
  });

  test.each([
    ["GIF", gifImage],
    ["SVG", async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ["empty", async () => Buffer.alloc(0)],
  ])("%s is not an accepted format", async (_name, make) => {
    await expectAppError(processImage(await make()), "unsupported_media", image.unsupportedType, 415);
  });

  test("HEIC follows what this sharp build can decode", async () => {
    const decodesHeic = Boolean(sharp.format.heif.input.fileSuffix?.includes(".heic"));
    if (decodesHeic) {
      // A header alone is then a damaged HEIC, not an unsupported one.
      await expectAppError(processImage(heicHeader()), "invalid_input", image.corrupt, 400);
    } else {
      await expectAppError(processImage(heicHeader()), "unsupported_media", image.heicUnsupported, 415);
    }
  });
});

describe("decodeDataUrl", () => {
  test("decodes the payload of a data URL", async () => {
    const bytes = await webpImage();
    expect(decodeDataUrl(toDataUrl(bytes, "image/webp")).equals(bytes)).toBe(true);
  });

  test("over 16777216 characters is too large, before any decoding", async () => {
    await expectAppError(processDataUrl(oversizeDataUrl()), "too_large", image.tooLong, 413);
    expect(() => decodeDataUrl(oversizeDataUrl(IMAGE_DATA_URL_MAX + 1))).toThrow(image.tooLong);
  });

  test("exactly 16777216 characters passes the length check", () => {
    const bytes = decodeDataUrl(oversizeDataUrl(IMAGE_DATA_URL_MAX));
    expect(bytes.length).toBeGreaterThan(12_000_000);
  });

  test.each([
    ["not a data URL", "recibo.jpg"],
    ["not an image type", "data:text/plain;base64,aGVsbG8="],
    ["not base64", "data:image/png,%89PNG"],
    ["empty payload", "data:image/png;base64,"],
    ["characters outside base64", "data:image/png;base64,iVBO*w0KGgo="],
    ["impossible length", "data:image/png;base64,iVBORw0KG"],
  ])("%s is invalid input", (_name, dataUrl) => {
    const error = (() => {
      try {
        decodeDataUrl(dataUrl);
        return null;
      } catch (e) {
        return e;
      }
    })();
    expect(error).toMatchObject({ code: "invalid_input", message: image.invalidDataUrl, status: 400 });
  });
});
