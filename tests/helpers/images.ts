import { crc32 } from "node:zlib";
import sharp from "sharp";
import { IMAGE_DATA_URL_MAX } from "@/lib/constants";

// Real images made with sharp at run time, so no binary fixture sits in git and each case states how it
// was built.

export const RED = { r: 255, g: 0, b: 0 };
const WHITE = "#ffffff";

// EXIF as sharp writes it: IFD0 is the main directory, IFD3 the GPS one.
export const GPS_EXIF = {
  IFD0: { Make: "BlocoTestCam", Model: "Receipt 1" },
  IFD3: { GPSLatitudeRef: "S", GPSLatitude: "23/1 33/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "46/1 38/1 0/1" },
};

// A receipt photographed sideways: stored 1200x800 with EXIF orientation 6 (display rotated 90° clockwise,
// so upright it is 800x1200), a red marker in the stored top-left corner (upright: top-right), and GPS.
export async function receiptJpeg({ width = 1200, height = 800 } = {}): Promise<Buffer> {
  const lines = Array.from(
    { length: 8 },
    (_, i) => `<rect x="160" y="${120 + i * 70}" width="${width - 320}" height="14" fill="#333"/>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect x="0" y="0" width="100" height="100" fill="rgb(255,0,0)"/>${lines.join("")}</svg>`;
  return sharp({ create: { width, height, channels: 3, background: WHITE } })
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 90 })
    .withExif(GPS_EXIF)
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

// A noisy photo-like JPEG (noise defeats the easy compression of a blank image): for size bounds and timing.
export async function photoJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: WHITE, noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function pngImage(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

export async function webpImage(width = 500, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 160, b: 0 } } })
    .webp()
    .toBuffer();
}

export async function avifImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: WHITE } })
    .avif()
    .toBuffer();
}

export async function gifImage(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: WHITE } })
    .gif()
    .toBuffer();
}

// A tiny valid PNG whose IHDR is patched to declare width x height (CRC recomputed): decoders that trust
// the header would allocate width x height pixels.
export async function pixelBombPng(width = 20_000, height = 20_000): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: WHITE } })
      .png()
      .toBuffer(),
  );
  // signature (8) | IHDR length (4) | 'IHDR' (4) | width (4) @16 | height (4) @20 | 5 bytes | CRC @29
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

export async function truncatedJpeg(): Promise<Buffer> {
  const full = await photoJpeg(400, 300);
  return full.subarray(0, Math.floor(full.length / 2));
}

// What a user gets by renaming notes.txt to notes.jpg.
export function textFileNamedJpg(): { name: string; bytes: Buffer } {
  return { name: "recibo.jpg", bytes: Buffer.from("Recibo de pagamento\nValor: R$ 123,45\n", "utf8") };
}

// The start of an HEIC file (ftyp box with HEVC brands), as an iPhone writes it.
export function heicHeader(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftypheic", 4, "latin1");
  ftyp.writeUInt32BE(0, 12);
  ftyp.write("mif1heic", 16, "latin1");
  return Buffer.concat([ftyp, Buffer.alloc(64)]);
}

export function toDataUrl(bytes: Buffer, mime = "image/jpeg"): string {
  return `data:${mime};base64,${bytes.toString("base64")}`;
}

// A data URL of `length` characters (default: one over the IMAGE_DATA_URL_MAX limit), built without encoding
// anything. The 22-character header leaves a payload of a length base64 allows at and around the limit.
export function oversizeDataUrl(length = IMAGE_DATA_URL_MAX + 1): string {
  const header = "data:image/png;base64,";
  return header + "A".repeat(length - header.length);
}

// Whether an EXIF block (as sharp's metadata().exif returns it) has a GPS directory: looks for the
// GPSInfo pointer (tag 0x8825) in IFD0.
export function exifHasGps(exif: Buffer): boolean {
  const tiff = exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? exif.subarray(6) : exif;
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i += 1) {
    if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  }
  return false;
}

// The RGB of one pixel.
export async function pixelAt(image: Buffer, x: number, y: number): Promise<{ r: number; g: number; b: number }> {
  const { data } = await sharp(image)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { r: data[0], g: data[1], b: data[2] };
}
