import "server-only";
import sharp from "sharp";
import { formatCents } from "@/lib/format";
import type { FiscalDocument, FiscalParty } from "@/lib/fiscal/fiscal-document";
import { messages } from "@/lib/i18n/messages";
import { keyBarcode, placeBarcode } from "./key-barcode";
import { formatIssuedOn, formatNumberLine, formatPartyDocument, groupAccessKey } from "./page-format";
import { itemsTable } from "./page-items";
import { svgText } from "./svg-text";

// A fiscal document read from its XML, drawn as one page in the manner of a simplified DANFE: what it
// is, who issued it to whom, the access key with its Code-128, the items and the total. A PNG of A4's
// proportion (1240 x 1754, A4 at 150 dpi) that the image pipeline takes as an upload: under its display
// size, so it is stored as drawn, as WebP, with its thumbnail.
const t = messages.fiscalPage;

export const PAGE_WIDTH = 1240;
export const PAGE_HEIGHT = 1754;
const MARGIN = 48;
const INNER = PAGE_WIDTH - MARGIN * 2;
const RIGHT = PAGE_WIDTH - MARGIN;
const PAD = 18;
const GAP = 14;
const LABEL = { size: 24, bold: true, fill: "#555" } as const;
const BORDER = `fill="none" stroke="#222" stroke-width="2"`;
// 3 pixels a module: 831 pixels of bars for a key, quiet zones of 10 modules inside the page.
const BARCODE_MODULE = 3;
const BARCODE_HEIGHT = 120;

function box(y: number, height: number): string {
  return `<rect x="${MARGIN}" y="${y}" width="${INNER}" height="${height}" ${BORDER}/>`;
}

function header(doc: FiscalDocument, y: number): { svg: string; height: number } {
  const height = 176;
  const x = MARGIN + PAD;
  const width = INNER - PAD * 2;
  const issued = `${t.issuedOn}: ${formatIssuedOn(doc.issuedOn)}`;
  return {
    height,
    svg: [
      box(y, height),
      svgText(x, y + 62, t.kind[doc.key.model], { size: 46, bold: true, width }),
      svgText(x, y + 100, t.subtitle, { size: 22, fill: "#555", width }),
      `<line x1="${MARGIN}" y1="${y + 118}" x2="${RIGHT}" y2="${y + 118}" stroke="#222" stroke-width="1"/>`,
      svgText(x, y + 158, formatNumberLine(doc.key), { size: 30, bold: true, width: width / 2 + 60 }),
      svgText(RIGHT - PAD, y + 158, issued, { size: 30, anchor: "end", width: width / 2 - 80 }),
    ].join("\n"),
  };
}

function marks(doc: FiscalDocument, y: number): { svg: string; height: number } {
  const texts = [doc.homologation ? t.homologation : null, doc.authorised ? null : t.unauthorised];
  const parts: string[] = [];
  let height = 0;
  for (const text of texts) {
    if (!text) continue;
    const top = y + height;
    parts.push(
      `<rect x="${MARGIN}" y="${top}" width="${INNER}" height="56" fill="#fdecea" stroke="#b3261e" stroke-width="3"/>`,
      svgText(PAGE_WIDTH / 2, top + 39, text.toUpperCase(), {
        size: 30,
        bold: true,
        anchor: "middle",
        fill: "#b3261e",
      }),
    );
    height += 56 + GAP;
  }
  return { svg: parts.join("\n"), height };
}

function party(label: string, value: FiscalParty | null, y: number): { svg: string; height: number } {
  const x = MARGIN + PAD;
  const width = INNER - PAD * 2;
  if (!value || (!value.name && !value.document)) {
    const height = 96;
    const svg = [box(y, height), svgText(x, y + 34, label, LABEL), svgText(x, y + 74, t.unidentified, { size: 28 })];
    return { svg: svg.join("\n"), height };
  }
  const height = 170;
  const svg = [
    box(y, height),
    svgText(x, y + 34, label, LABEL),
    svgText(x, y + 76, value.name ?? t.noName, {
      size: 32,
      bold: !!value.name,
      width,
      fill: value.name ? "#111" : "#777",
    }),
    svgText(x, y + 115, formatPartyDocument(value.document) ?? t.noDocument, {
      size: 28,
      width,
      fill: value.document ? "#111" : "#777",
    }),
    svgText(x, y + 152, value.address ?? t.noAddress, { size: 26, width, fill: value.address ? "#111" : "#777" }),
  ];
  return { svg: svg.join("\n"), height };
}

function accessKey(doc: FiscalDocument, y: number): { svg: string; height: number } {
  const barcode = keyBarcode(doc.key.key, BARCODE_MODULE, BARCODE_HEIGHT);
  const height = 54 + barcode.height + 62;
  const svg = [
    box(y, height),
    svgText(MARGIN + PAD, y + 34, t.accessKey, LABEL),
    placeBarcode(barcode, (PAGE_WIDTH - barcode.width) / 2, y + 50),
    svgText(PAGE_WIDTH / 2, y + 50 + barcode.height + 44, groupAccessKey(doc.key.key), {
      size: 32,
      face: "mono",
      bold: true,
      anchor: "middle",
    }),
  ];
  return { svg: svg.join("\n"), height };
}

function totals(doc: FiscalDocument, y: number, height: number): string {
  const x = MARGIN + PAD;
  return [
    `<rect x="${MARGIN}" y="${y}" width="${INNER}" height="${height}" fill="#f0f0f0" stroke="#222" stroke-width="2"/>`,
    svgText(x, y + 62, t.itemCount(doc.items.length), { size: 26 }),
    svgText(RIGHT - PAD, y + 34, t.total[doc.key.model], { ...LABEL, anchor: "end" }),
    svgText(RIGHT - PAD, y + 82, formatCents(doc.totalCents), { size: 44, bold: true, anchor: "end" }),
  ].join("\n");
}

/** The page's SVG (exported for the tests, which check what it says). */
export function fiscalPageSvg(doc: FiscalDocument): string {
  const parts: string[] = [];
  let y = MARGIN;
  for (const draw of [
    () => header(doc, y),
    () => marks(doc, y),
    () => party(t.issuer, doc.issuer, y),
    () => party(t.recipient[doc.key.model], doc.recipient, y),
    () => accessKey(doc, y),
  ]) {
    const section = draw();
    parts.push(section.svg);
    if (section.height > 0) y += section.height + GAP;
  }
  const footerY = PAGE_HEIGHT - MARGIN + 4;
  const totalsHeight = 100;
  const totalsY = footerY - 34 - totalsHeight;
  parts.push(svgText(MARGIN, y + 34, t.items, LABEL));
  parts.push(itemsTable(doc.items, { x: MARGIN, y: y + 48, width: INNER, height: totalsY - GAP - (y + 48) }));
  parts.push(totals(doc, totalsY, totalsHeight));
  parts.push(svgText(PAGE_WIDTH / 2, footerY, t.footer, { size: 22, fill: "#555", anchor: "middle" }));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_WIDTH}" height="${PAGE_HEIGHT}" ` +
    `viewBox="0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}">\n<rect width="100%" height="100%" fill="#fff"/>\n` +
    `${parts.join("\n")}\n</svg>`
  );
}

/**
 * One page image of the document: a PNG, 1240 x 1754, which `processImage` (server/images) stores as
 * it would an upload — display WebP at this size (under its 2000-pixel bound) and a 320-pixel thumbnail.
 */
export async function renderFiscalPage(doc: FiscalDocument): Promise<Buffer> {
  return sharp(Buffer.from(fiscalPageSvg(doc)))
    .png({ compressionLevel: 4 })
    .toBuffer();
}
