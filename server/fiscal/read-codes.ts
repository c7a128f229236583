import "server-only";
import { distinctReadings, interpretCode, type CodeReading } from "./code-readings";
import { decodeGray, enlargedBand, rotated, sharpened, type Band } from "./read-views";
import { measureSkew } from "./skew";
import { readRawCodes, type GrayImage } from "./zxing";

export type { CodeReading } from "./code-readings";

export type ReadCodesOptions = {
  /** YYYY-MM-DD: places a boleto's due-date factor in its cycle. */
  today: string;
  /** Time after which no further view of the image is tried (ms); the view under way finishes. */
  budgetMs?: number;
};

const DEFAULT_BUDGET_MS = 1500;
// Below this the page is read as it is: zxing's scan lines cross a barcode this little turned.
const SKEW_WORTH_TURNING = 1;
// Overlapping bands, so a barcode lies whole in one of them; enlarged twice, a thin bar blurred to
// one and a half pixels becomes three.
const BANDS: Band[] = [
  { top: 0.5, height: 0.5 },
  { top: 0, height: 0.5 },
  { top: 0.25, height: 0.5 },
];

type View = () => Promise<GrayImage>;

// The views in the order they pay off on the photos of scripts/fiscal-photos.ts.
function views(image: GrayImage, skew: () => Promise<number>): View[] {
  let upright: Promise<GrayImage> | undefined;
  const straight = () =>
    (upright ??= skew().then((angle) => (Math.abs(angle) < SKEW_WORTH_TURNING ? image : rotated(image, -angle))));
  return [
    async () => image,
    straight,
    ...BANDS.map((band) => async () => enlargedBand(await straight(), band, 2)),
    async () => sharpened(await straight()),
  ];
}

/**
 * The fiscal and payment codes printed on a photographed document (QR, Code-128, ITF), each one only
 * when its check digits hold. The whole image first; then, until a code is read or the budget is spent,
 * the page turned upright and bands of it enlarged. A pure function of the bytes and `today`: bytes that
 * are no image give [].
 */
export async function readDocumentCodes(image: Buffer, options: ReadCodesOptions): Promise<CodeReading[]> {
  const deadline = Date.now() + (options.budgetMs ?? DEFAULT_BUDGET_MS);
  const gray = await decodeGray(image);
  if (!gray) return [];
  let angle: Promise<number> | undefined;
  const skew = () => (angle ??= measureSkew(gray));
  for (const view of views(gray, skew)) {
    const codes = await readRawCodes(await view());
    const readings = codes.flatMap(({ format, text }) => interpretCode(format, text, options.today) ?? []);
    if (readings.length > 0) return distinctReadings(readings);
    if (Date.now() >= deadline) break;
  }
  return [];
}
