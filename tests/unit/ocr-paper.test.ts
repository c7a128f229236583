import { showsPaper } from "@/server/fiscal/ocr";
import { processImage } from "@/server/images/pipeline";
import { createRandom } from "@/server/seed/random";
import { printedReceipt } from "@/scripts/ocr-receipts/receipt";
import { photoJpeg, pngImage } from "../helpers/images";

// The gate before OCR (server/fiscal/ocr.ts showsPaper): a photographed receipt shows paper and is read;
// a picture without any (a noisy photo, a flat colour) is not, so OCR never spends its time on it.

test("a photographed receipt shows paper, as stored by the upload pipeline", async () => {
  const random = createRandom(5);
  for (let i = 0; i < 3; i++) {
    const receipt = await printedReceipt(random, "2026-11-28");
    expect(await showsPaper((await processImage(receipt.jpeg)).display)).toBe(true);
  }
});

test("a noisy photo or a flat colour shows none", async () => {
  expect(await showsPaper((await processImage(await photoJpeg(2000, 1500))).display)).toBe(false);
  expect(await showsPaper((await processImage(await pngImage())).display)).toBe(false);
});
