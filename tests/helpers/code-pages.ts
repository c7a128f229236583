import bwipjs from "bwip-js/node";
import sharp from "sharp";
import { accessKeyDigit, boletoDigit } from "@/lib/fiscal/check-digits";

// Pages carrying one machine-readable code (a boleto's ITF, an NFC-e's QR code), as a phone's JPEG, for
// the tests of the document-read job. The same drawing as tests/unit/fiscal-read-codes.test.ts.

// Bank 237, factor 1402 (2026-03-31 in the cycle that began on 2025-02-22), R$ 1.234,56.
const BOLETO_REST = "1402" + "0000123456" + "3381260007827139500006330";
export const BOLETO = "2379" + boletoDigit("2379" + BOLETO_REST) + BOLETO_REST;
const NFCE_43 = "35260352601815000120650010000123451001234567".slice(0, 43);
export const NFCE_KEY = NFCE_43 + accessKeyDigit(NFCE_43);
export const NFCE_QR = `https://www.nfce.fazenda.sp.gov.br/qrcode?p=${NFCE_KEY}|2|1|14|89.90|${"AB12".repeat(14)}|1|${"C3".repeat(20)}`;

/** A white page with a line of text and, given `bcid` and `text`, one code drawn `module` px per module. */
export async function codePage({ bcid, text, module = 2 }: { bcid?: string; text?: string; module?: number } = {}) {
  let code = "";
  if (bcid && text) {
    // bwip-js takes a barcode's height in millimetres at 72 dpi; a QR code keeps its own.
    const height = bcid === "qrcode" ? {} : { height: 10 };
    const svg = bwipjs.toSVG({ bcid, text, scale: 1, ...height, includetext: false });
    const width = Number(/viewBox="0 0 (\d+)/.exec(svg)![1]) * module;
    const inner = svg.replace(/^[\s\S]*?<svg[^>]*>|<\/svg>\s*$/g, "");
    code = `<g transform="translate(${(1000 - width) / 2} 140) scale(${module})">${inner}</g>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="700">
<rect width="100%" height="100%" fill="#fff"/>
<text x="60" y="90" font-family="DejaVu Sans" font-size="28">NOTA FISCAL 000.012.345 · R$ 1.234,56</text>${code}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}
