import "server-only";
import sharp from "sharp";
import { processImage } from "@/server/images/pipeline";
import type { ProcessedImage } from "@/server/images/types";
import { receiptSvg } from "./receipt-svg";
import { RECEIPT_TEMPLATES, templateTotalCents, type ReceiptTemplate } from "./receipt-templates";

/** `issuedAt`: the date printed on the picture; `retake`: a second shot of it, at another angle. */
export type ReceiptImage = {
  template: ReceiptTemplate;
  totalCents: number;
  issuedAt: Date;
  image: ProcessedImage;
  retake: ProcessedImage;
};

/** A photographed-looking JPEG of one document, as a phone would upload it. */
export async function renderReceiptJpeg(template: ReceiptTemplate, issuedAt: Date, index = 0): Promise<Buffer> {
  const tilt = ((index * 37) % 7) - 3; // -3..3 degrees: nobody photographs a receipt straight
  return sharp(Buffer.from(receiptSvg(template, issuedAt, tilt, index)))
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Every template rendered twice (two shots) and run through the real upload pipeline, so seeded
 * documents are exactly what an upload would have stored. Dates spread over the last months.
 */
export async function buildReceiptPool(now: Date): Promise<ReceiptImage[]> {
  return Promise.all(
    RECEIPT_TEMPLATES.map(async (template, i) => {
      const issuedAt = new Date(now.getTime() - (5 + i * 27) * 86_400_000);
      const [image, retake] = await Promise.all(
        [i, RECEIPT_TEMPLATES.length + i].map(async (shot) =>
          processImage(await renderReceiptJpeg(template, issuedAt, shot)),
        ),
      );
      return { template, totalCents: templateTotalCents(template), issuedAt, image, retake };
    }),
  );
}

// Tests create many documents; one rendered picture per process is plenty.
let sample: Promise<ProcessedImage> | undefined;

export function getSampleDocumentImage(): Promise<ProcessedImage> {
  sample ??= renderReceiptJpeg(RECEIPT_TEMPLATES[0], new Date()).then(processImage);
  sample.catch(() => (sample = undefined));
  return sample;
}
