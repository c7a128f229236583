// The "mesma foto" rule's quality on a generated set (docs/decisions/0301-photo-hash.md): every receipt
// template of the seed drawn as a phone photo on several dates and framings (server/seed/receipt-image.ts),
// each passed through the upload pipeline (processImage) as an upload would be, and beside each one
// three copies of the same photo sent again — re-encoded at JPEG quality 60, scaled down to 60%, and
// cropped by 3% of each side — through the same pipeline. Reported: the Hamming distance of each copy
// to its original, the distance between different receipts (every pair of originals: same template on
// other dates and framings, and other templates), and at PHOTO_MATCH_DISTANCE the copies found and the
// different receipts matched; of those, the pairs the rule still flags once each receipt carries the
// code the seed reads off it (two receipts whose codes differ are two documents). Run alone: npx tsx --conditions=react-server scripts/bench/duplicates-photos.ts
import sharp from "sharp";
import { hammingDistance, PHOTO_MATCH_DISTANCE } from "../../lib/duplicates/photo-hash";

export type PhotoMatchResult = {
  originals: number;
  copies: number;
  /** Per kind of copy: how many, found at the threshold, the largest distance. */
  kinds: { kind: string; copies: number; found: number; maxDistance: number }[];
  /** Pairs of different receipts, and of those of one template. */
  differentPairs: number;
  sameTemplatePairs: number;
  /** Different receipts within the threshold (false matches), and the smallest distance among them. */
  falseMatches: number;
  /** Of those, pairs of one template. */
  sameTemplateMatches: number;
  /** Of those, the pairs still flagged with the codes read: not both with a code (a code tells them apart). */
  flaggedWithCodes: number;
  minDifferentDistance: number;
  minSameTemplateDistance: number;
  threshold: number;
  /** Distance histogram of the copies (index = distance, up to 8+). */
  copyHistogram: number[];
  /** The different receipts matched, as "layout: issuer / issuer" with their distance. */
  falseMatchPairs: string[];
};

const COPY_KINDS: { kind: string; make: (jpeg: Buffer) => Promise<Buffer> }[] = [
  { kind: "re-encoded (JPEG 60)", make: (jpeg) => sharp(jpeg).jpeg({ quality: 60 }).toBuffer() },
  {
    kind: "scaled to 60%",
    make: async (jpeg) => {
      const { width = 0 } = await sharp(jpeg).metadata();
      return sharp(jpeg)
        .resize({ width: Math.round(width * 0.6) })
        .jpeg({ quality: 80 })
        .toBuffer();
    },
  },
  {
    kind: "cropped 3% each side",
    make: async (jpeg) => {
      const { width = 0, height = 0 } = await sharp(jpeg).metadata();
      const dx = Math.round(width * 0.03);
      const dy = Math.round(height * 0.03);
      return sharp(jpeg)
        .extract({ left: dx, top: dy, width: width - 2 * dx, height: height - 2 * dy })
        .jpeg({ quality: 85 })
        .toBuffer();
    },
  },
];

/** `dates`: how many receipts of each template (each on its own date and framing). */
export async function measurePhotoMatch(dates = 4): Promise<PhotoMatchResult> {
  const { processImage } = await import("../../server/images/pipeline");
  const { RECEIPT_TEMPLATES } = await import("../../server/seed/receipt-templates");
  const { renderReceiptJpeg } = await import("../../server/seed/receipt-image");
  const { receiptFinding } = await import("../../server/seed/demo-readings");
  const { findingCode } = await import("../../lib/fiscal/findings");
  const hashOf = async (bytes: Buffer) => (await processImage(bytes)).photoHash;
  const originals: { template: number; label: string; hash: bigint; code: string | null }[] = [];
  const kinds = COPY_KINDS.map(({ kind }) => ({ kind, copies: 0, found: 0, maxDistance: 0 }));
  const copyHistogram = new Array<number>(9).fill(0);
  for (const [t, template] of RECEIPT_TEMPLATES.entries()) {
    for (let d = 0; d < dates; d++) {
      const issuedAt = new Date(Date.UTC(2026, 0, 5 + d * 9, 10 + d, 7 * d));
      const jpeg = await renderReceiptJpeg(template, issuedAt, t * dates + d);
      const hash = await hashOf(jpeg);
      const day = issuedAt.toISOString().slice(0, 10);
      const finding = receiptFinding(template, { day, totalCents: 10_000 + t * dates + d, number: t * dates + d + 1 });
      const code = finding ? findingCode(finding) : null;
      originals.push({ template: t, label: `${template.layout} ${template.issuer}`, hash, code });
      for (const [k, copy] of COPY_KINDS.entries()) {
        const distance = hammingDistance(hash, await hashOf(await copy.make(jpeg)));
        kinds[k].copies++;
        if (distance <= PHOTO_MATCH_DISTANCE) kinds[k].found++;
        kinds[k].maxDistance = Math.max(kinds[k].maxDistance, distance);
        copyHistogram[Math.min(distance, 8)]++;
      }
    }
  }
  let differentPairs = 0;
  let sameTemplatePairs = 0;
  let falseMatches = 0;
  let sameTemplateMatches = 0;
  let flaggedWithCodes = 0;
  let minDifferentDistance = 64;
  let minSameTemplateDistance = 64;
  const falseMatchPairs: string[] = [];
  for (let i = 0; i < originals.length; i++) {
    for (let j = i + 1; j < originals.length; j++) {
      const distance = hammingDistance(originals[i].hash, originals[j].hash);
      differentPairs++;
      if (distance <= PHOTO_MATCH_DISTANCE) {
        falseMatches++;
        if (originals[i].template === originals[j].template) sameTemplateMatches++;
        if (!originals[i].code || !originals[j].code) flaggedWithCodes++;
        falseMatchPairs.push(`${originals[i].label} / ${originals[j].label}: ${distance}`);
      }
      minDifferentDistance = Math.min(minDifferentDistance, distance);
      if (originals[i].template === originals[j].template) {
        sameTemplatePairs++;
        minSameTemplateDistance = Math.min(minSameTemplateDistance, distance);
      }
    }
  }
  return {
    originals: originals.length,
    copies: kinds.reduce((sum, k) => sum + k.copies, 0),
    kinds,
    differentPairs,
    sameTemplatePairs,
    falseMatches,
    sameTemplateMatches,
    flaggedWithCodes,
    minDifferentDistance,
    minSameTemplateDistance,
    threshold: PHOTO_MATCH_DISTANCE,
    copyHistogram,
    falseMatchPairs,
  };
}

if (process.argv[1]?.endsWith("duplicates-photos.ts")) {
  measurePhotoMatch(Number(process.env.BENCH_PHOTO_DATES ?? 4)).then((result) => {
    console.log(JSON.stringify(result, null, 2));
  });
}
