import { IMAGE_DATA_URL_MAX } from "@/lib/constants";

// Browser-side downscaling of a photo before it is sent (spec §5: a data URL over IMAGE_DATA_URL_MAX
// characters is downscaled repeatedly until under it; a receipt needs no 48 MP). The pure parts
// (sizes, the data URL's length, the shrink loop) are unit-tested; the canvas part runs in the browser:
// createImageBitmap decodes off the main thread and canvas.toBlob encodes off it too.

/**
 * The server keeps at most this side for display (server/images/pipeline.ts DISPLAY_MAX_SIDE): more is wasted
 * upload.
 */
export const UPLOAD_MAX_SIDE = 2000;
/** The strip's own small copy, so 13 selected photos do not keep 13 full-size bitmaps decoded. */
export const STRIP_THUMB_SIDE = 240;
export const JPEG_MIME = "image/jpeg";
export const JPEG_QUALITY = 0.85;
const THUMB_QUALITY = 0.7;
/** Encodings tried before giving up (each shrinks the side by at least 10 %). */
export const MAX_ENCODE_ATTEMPTS = 12;

export type Size = { width: number; height: number };

/** `size` scaled to fit `maxSide` on its long side, never enlarged, at least 1 px each way. */
export function fitWithin(size: Size, maxSide: number): Size {
  const longest = Math.max(size.width, size.height);
  if (longest <= maxSide)
    return { width: Math.max(1, Math.round(size.width)), height: Math.max(1, Math.round(size.height)) };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/** Characters of the data URL of `bytes` bytes of `mime` ('data:<mime>;base64,' plus base64 without line breaks). */
export function dataUrlLength(bytes: number, mime: string = JPEG_MIME): number {
  return `data:${mime};base64,`.length + 4 * Math.ceil(bytes / 3);
}

/**
 * The next long side to try when an encoding of `side` gave a data URL of `length` characters over `max`:
 * the area shrinks with the square of the side, so aim at √(max/length) with a 10 % margin, and always
 * shrink by at least 10 % so the loop ends.
 */
export function nextSide(side: number, length: number, max: number = IMAGE_DATA_URL_MAX): number {
  const aimed = Math.sqrt(max / length) * 0.9;
  return Math.max(1, Math.floor(side * Math.min(aimed, 0.9)));
}

export type EncodedImage = { blob: Blob; width: number; height: number };
/** Encodes the source at `size` (the browser: a canvas's toBlob). */
export type Encoder = (size: Size) => Promise<Blob>;

export class ImageTooLargeError extends Error {
  constructor() {
    super("image_too_large");
    this.name = "ImageTooLargeError";
  }
}

/**
 * Encodes `source` at most `maxSide` on its long side, then smaller and smaller until its data URL is at
 * most `max` characters (spec §5). Throws ImageTooLargeError after MAX_ENCODE_ATTEMPTS.
 */
export async function encodeUnderLimit(
  source: Size,
  encode: Encoder,
  options: { maxSide?: number; max?: number; mime?: string } = {},
): Promise<EncodedImage> {
  const { maxSide = UPLOAD_MAX_SIDE, max = IMAGE_DATA_URL_MAX, mime = JPEG_MIME } = options;
  let size = fitWithin(source, maxSide);
  for (let attempt = 0; attempt < MAX_ENCODE_ATTEMPTS; attempt += 1) {
    const blob = await encode(size);
    const length = dataUrlLength(blob.size, mime);
    if (length <= max) return { blob, ...size };
    size = fitWithin(source, nextSide(Math.max(size.width, size.height), length, max));
  }
  throw new ImageTooLargeError();
}

/** A photo ready for the block: what is sent, and the strip's small copy. */
export type PreparedImage = { dataUrl: string; thumbUrl: string; width: number; height: number };
/**
 * What prepareImage gives: the photo for the block, and for the quality check the file decoded (the
 * caller's to hand on or close) at its own size.
 */
export type PreparedPhoto = { image: PreparedImage; bitmap: ImageBitmap; original: Size };

export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read_failed"));
    reader.readAsDataURL(blob);
  });
}

function canvasEncoder(bitmap: ImageBitmap, quality: number): Encoder {
  return (size) =>
    new Promise<Blob>((resolve, reject) => {
      const canvas = document.createElement("canvas");
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext("2d");
      if (!context) return reject(new Error("no_canvas"));
      // JPEG has no alpha: a transparent PNG gets white behind it, not black.
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, size.width, size.height);
      context.imageSmoothingEnabled = true;
      context.imageSmoothingQuality = "high";
      context.drawImage(bitmap, 0, 0, size.width, size.height);
      canvas.toBlob(
        (blob) => {
          canvas.width = 0; // frees the backing store at once
          canvas.height = 0;
          if (blob) resolve(blob);
          else reject(new Error("encode_failed"));
        },
        JPEG_MIME,
        quality,
      );
    });
}

/**
 * Decodes `file` (EXIF orientation applied), downscales it to UPLOAD_MAX_SIDE and under the data URL
 * limit as JPEG, and makes the strip's thumbnail. The decoded bitmap is returned for the quality check,
 * which takes it as it is (no second decode). Rejects when the browser cannot decode the file.
 */
export async function prepareImage(file: Blob): Promise<PreparedPhoto> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const source = { width: bitmap.width, height: bitmap.height };
    const full = await encodeUnderLimit(source, canvasEncoder(bitmap, JPEG_QUALITY));
    const thumb = await canvasEncoder(bitmap, THUMB_QUALITY)(fitWithin(source, STRIP_THUMB_SIDE));
    const [dataUrl, thumbUrl] = await Promise.all([blobToDataUrl(full.blob), blobToDataUrl(thumb)]);
    return { image: { dataUrl, thumbUrl, width: full.width, height: full.height }, bitmap, original: source };
  } catch (error) {
    bitmap.close();
    throw error;
  }
}
