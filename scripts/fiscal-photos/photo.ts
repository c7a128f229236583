import bwipjs from "bwip-js/node";
import sharp from "sharp";
import { RECEIPT_TEMPLATES } from "@/server/seed/receipt-templates";
import type { Random } from "@/server/seed/random";
import type { DrawnCode } from "./codes";

// A document photographed by a phone, in the manner of the seed's receipts (server/seed/receipt-svg.ts):
// a sheet of paper with text and one code, turned on a table, drawn as SVG and rasterised by librsvg,
// then blurred and saved as a JPEG at quality 75. Sizes are those of the photo after the browser's
// downscale: the code's module measures 1.5–3 pixels for a barcode, 3–6 for a QR code.

export type PhotoSpec = { moduleWidth: number; blur: number; tilt: number; bytes: Buffer };

const SANS = "DejaVu Sans, Liberation Sans, Arial, sans-serif";
const MONO = "DejaVu Sans Mono, Liberation Mono, monospace";
const MAX_SIDE = 1990;

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

type Symbol = { svg: string; width: number; height: number };

// The code at one unit a module, its bars `barHeight` modules tall (a QR code is square whatever).
function symbol(code: DrawnCode, barHeight: number): Symbol {
  const svg = bwipjs.toSVG({
    bcid: code.bcid,
    text: code.text,
    scale: 1,
    ...(code.bcid === "qrcode" ? { eclevel: "M" } : { height: (barHeight / 72) * 25.4 }),
    ...(code.bcid === "interleaved2of5" ? { barratio: 3 } : {}),
    includetext: false,
  });
  const box = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg);
  if (!box) throw new Error("bwip-js answered an SVG without a viewBox");
  const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
  return { svg: inner, width: Number(box[1]), height: Number(box[2]) };
}

function textLines(random: Random, count: number): string[] {
  const template = random.pick(RECEIPT_TEMPLATES);
  const lines = [template.issuer, template.title, template.address];
  for (const item of template.items) lines.push(`${item.quantity} x ${item.description}  ${item.unitCents / 100}`);
  lines.push(`Pagamento: ${template.payment}`);
  while (lines.length < count) lines.push(random.pick(lines.slice(1)));
  return lines.slice(0, count);
}

/** The SVG of the photo and its size: paper `paperW` wide with text around the code. */
function photoSvg(
  random: Random,
  code: DrawnCode,
  moduleWidth: number,
  tilt: number,
): { svg: string; w: number; h: number } {
  const qr = code.bcid === "qrcode";
  const mark = symbol(code, random.int(30, 55) * (code.bcid === "code128" ? 1 : 1.2));
  const codeW = mark.width * moduleWidth;
  const codeH = mark.height * moduleWidth;
  const paperW = Math.min(
    1400,
    Math.max(codeW + 80, codeW / (qr ? random.next() * 0.2 + 0.35 : random.next() * 0.25 + 0.6)),
  );
  const font = paperW / (qr ? 30 : 48);
  const lineH = font * 1.5;
  const above = random.int(3, 9);
  const below = random.int(2, 6);
  const lines = textLines(random, above + below);
  let paperH = (above + below + 2) * lineH + codeH + 2 * font;
  const radians = (Math.abs(tilt) * Math.PI) / 180;
  const margin = random.int(30, 90);
  const size = (h: number) => ({
    w: Math.ceil(paperW * Math.cos(radians) + h * Math.sin(radians) + 2 * margin),
    h: Math.ceil(h * Math.cos(radians) + paperW * Math.sin(radians) + 2 * margin),
  });
  while (size(paperH).h > MAX_SIDE && lines.length > 2) {
    lines.pop();
    paperH -= lineH;
  }
  const { w, h } = size(paperH);
  const codeTop = (Math.min(above, lines.length) + 1) * lineH;
  const text = lines.map((line, i) => {
    const y = (i < above ? i + 1 : i + 2) * lineH + (i < above ? 0 : codeH + font);
    return `<text x="${font}" y="${y.toFixed(1)}" font-family="${i % 3 ? MONO : SANS}" font-size="${font.toFixed(1)}" fill="#1d1d1f">${escapeXml(line)}</text>`;
  });
  const codeX = (paperW - codeW) / 2;
  const paper = random.pick(["#fbfaf4", "#ffffff", "#f4f1e8"]);
  const table = random.pick(["#8a7560", "#5d6470", "#b9ad9b", "#3d3a36"]);
  const light = random.next() * 0.25;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<defs><linearGradient id="l" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="${light.toFixed(2)}"/><stop offset="1" stop-color="#000" stop-opacity="${(light / 2).toFixed(2)}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="${table}"/>
<g transform="translate(${w / 2} ${h / 2}) rotate(${tilt.toFixed(2)}) translate(${-paperW / 2} ${-paperH / 2})">
<rect x="6" y="8" width="${paperW}" height="${paperH}" fill="#2b2520" opacity="0.4"/>
<rect width="${paperW}" height="${paperH}" fill="${paper}"/>
${text.join("\n")}
<g transform="translate(${codeX.toFixed(2)} ${codeTop.toFixed(2)}) scale(${moduleWidth})" fill="#161616">${mark.svg}</g>
</g>
<rect width="100%" height="100%" fill="url(#l)"/>
</svg>`;
  return { svg, w, h };
}

/** A photo of a page carrying `code`, as the phone's browser uploads it (JPEG quality 75). */
export async function photograph(random: Random, code: DrawnCode): Promise<PhotoSpec> {
  const qr = code.bcid === "qrcode";
  const moduleWidth = qr ? 3 + random.next() * 3 : 1.5 + random.next() * 1.5;
  const blur = random.next();
  const tilt = (random.next() * 2 - 1) * 10;
  const { svg } = photoSvg(random, code, moduleWidth, tilt);
  let image = sharp(Buffer.from(svg));
  if (blur >= 0.3) image = image.blur(blur);
  const bytes = await image.jpeg({ quality: 75 }).toBuffer();
  return { moduleWidth, blur, tilt, bytes };
}
