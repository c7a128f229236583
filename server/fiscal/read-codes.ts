import "server-only";
import type { ReaderOptions } from "zxing-wasm/reader";
import { distinctReadings, interpretCode, type CodeReading } from "./code-readings";
import { decodeGray, enlargedBand, rotated, sharpened, type Band } from "./read-views";
import { measureSkew } from "./skew";
import { readRawCodes, type GrayImage } from "./zxing";

export type { CodeReading } from "./code-readings";

export type ReadCodesOptions = {
  /** YYYY-MM-DD: places a boleto's due-date factor in its cycle. */
  today: string;
  /** Time for the views of the image (ms): none is begun that would, like the last, end after it. */
  budgetMs?: number;
};

export type ViewName =
  "whole" | "upright" | "row-band" | "column-band" | "fixed-threshold" | "sharpened" | "sharpened-band";
export type CodesRead = { readings: CodeReading[]; view: ViewName | null };

const DEFAULT_BUDGET_MS = 1500;
// Below this the page is read as it is: zxing's scan lines cross a barcode this little turned.
const SKEW_WORTH_TURNING = 0.5;
// Overlapping halves, the middle one first, so a barcode lies whole in one of them; enlarged twice, a
// thin bar blurred over one and a half pixels spans three. Columns serve a page turned a quarter.
const half = (axis: Band["axis"]) => [0.25, 0.5, 0].map((start): Band => ({ axis, start, size: 0.5 }));
// Blurred thin bars on white paper: a threshold halfway through the grey range splits them where the
// local average, dragged by the blur, does not.
const FIXED: Partial<ReaderOptions> = { binarizer: "FixedThreshold" };

type View = { name: ViewName; image: () => Promise<GrayImage>; options?: Partial<ReaderOptions> };

// In the order they pay off on the photos of scripts/fiscal-photos.ts: each later view reads codes
// the earlier ones missed, at a higher price.
function views(image: GrayImage): View[] {
  let upright: Promise<GrayImage> | undefined;
  const straight = () =>
    (upright ??= measureSkew(image).then((angle) =>
      Math.abs(angle) < SKEW_WORTH_TURNING ? image : rotated(image, -angle),
    ));
  let steep: Promise<GrayImage> | undefined;
  const steepened = () => (steep ??= straight().then(sharpened));
  const bands = (axis: Band["axis"], name: ViewName, options?: Partial<ReaderOptions>): View[] =>
    half(axis).map((band) => ({ name, image: async () => enlargedBand(await straight(), band, 2), options }));
  return [
    { name: "whole", image: async () => image },
    { name: "upright", image: straight },
    ...bands("rows", "row-band"),
    { name: "fixed-threshold", image: straight, options: FIXED },
    { name: "sharpened", image: steepened, options: FIXED },
    { name: "sharpened", image: steepened },
    ...bands("rows", "fixed-threshold", FIXED),
    ...bands("columns", "column-band"),
    // Bars under a pixel and a half: enlarged first, so the steepening works on whole steps.
    ...half("rows").map((band) => ({
      name: "sharpened-band" as const,
      image: async () => sharpened(await enlargedBand(await straight(), band, 2)),
      options: FIXED,
    })),
  ];
}

/** readDocumentCodes, and which view of the image gave the readings (null: none). */
export async function readCodesWithView(image: Buffer, options: ReadCodesOptions): Promise<CodesRead> {
  const deadline = Date.now() + (options.budgetMs ?? DEFAULT_BUDGET_MS);
  const gray = await decodeGray(image);
  if (!gray) return { readings: [], view: null };
  // A view is begun only when one more like the last still ends within the budget.
  let lastMs = 0;
  let last: { picture: GrayImage; options: View["options"] } | undefined;
  for (const view of views(gray)) {
    const started = Date.now();
    if (started + lastMs > deadline) break;
    const picture = await view.image();
    // A page that needed no turn is its own upright view: read once.
    if (last?.picture === picture && last.options === view.options) continue;
    last = { picture, options: view.options };
    const codes = await readRawCodes(picture, view.options);
    const readings = codes.flatMap(({ format, text }) => interpretCode(format, text, options.today) ?? []);
    if (readings.length > 0) return { readings: distinctReadings(readings), view: view.name };
    lastMs = Date.now() - started;
  }
  return { readings: [], view: null };
}

/**
 * The fiscal and payment codes printed on a photographed document (QR, Code-128, ITF), each one only
 * when its check digits hold. The whole image first; then, until a code is read or the budget is spent,
 * the page turned upright by its measured skew, bands of it enlarged, a fixed threshold, its edges
 * steepened. A pure function of the bytes and `today`: bytes that are no image give [].
 */
export async function readDocumentCodes(image: Buffer, options: ReadCodesOptions): Promise<CodeReading[]> {
  return (await readCodesWithView(image, options)).readings;
}
