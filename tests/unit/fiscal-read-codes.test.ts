// Codes read from document photos (server/fiscal/read-codes.ts): one clean code of each kind, a page
// turned, a blurred one; a boleto whose DV is broken, a page without a code and bytes that are no image
// give nothing. The 200-photo set of scripts/fiscal-photos.ts measures the read rates.
import bwipjs from "bwip-js/node";
import sharp from "sharp";
import { accessKeyDigit, boletoDigit, mod10Digit } from "@/lib/fiscal/check-digits";
import { readCodesWithView, readDocumentCodes } from "@/server/fiscal/read-codes";
import { readRawCodes } from "@/server/fiscal/zxing";

const TODAY = "2026-03-16";
// The views a code needs are reached however busy the machine: the budget is a matter of time, not of
// what is read.
const UNBOUNDED = 60_000;
const KEY_43 = "3526035260181500012055001000012345100123456";
const KEY = KEY_43 + accessKeyDigit(KEY_43);
const NFCE_43 = "35260352601815000120650010000123451001234567".slice(0, 43);
const NFCE_KEY = NFCE_43 + accessKeyDigit(NFCE_43);
const NFCE_QR = `https://www.nfce.fazenda.sp.gov.br/qrcode?p=${NFCE_KEY}|2|1|14|89.90|${"AB12".repeat(14)}|1|${"C3".repeat(20)}`;
// Bank 237, factor 1402 (2026-03-31 in the cycle that began on 2025-02-22), R$ 1.234,56.
const BOLETO_REST = "1402" + "0000123456" + "3381260007827139500006330";
const BOLETO = "2379" + boletoDigit("2379" + BOLETO_REST) + BOLETO_REST;
const BROKEN_BOLETO = BOLETO.slice(0, 4) + ((Number(BOLETO[4]) % 9) + 1) + BOLETO.slice(5);
// A utility bill: segment 4, value in reais (6: modulo 10), R$ 312,47.
const SLIP_REST = "00000031247" + "0024" + "0200240500024384221010811";
const SLIP = "846" + mod10Digit("846" + SLIP_REST) + SLIP_REST;

type Page = { bcid?: string; text?: string; module: number; turn?: number; blur?: number };

// A white page with a line of text and one code, as a JPEG; `turn` degrees clockwise.
async function page({ bcid, text, module, turn = 0, blur = 0 }: Page): Promise<Buffer> {
  let code = "";
  let width = 0;
  if (bcid && text) {
    // bwip-js takes a barcode's height in millimetres at 72 dpi; a QR code keeps its own.
    const height = bcid === "qrcode" ? {} : { height: 10 };
    const svg = bwipjs.toSVG({ bcid, text, scale: 1, ...height, includetext: false });
    width = Number(/viewBox="0 0 (\d+)/.exec(svg)![1]) * module;
    code = `<g transform="translate(${(1000 - width) / 2} 140) scale(${module})">${svg.replace(/^[\s\S]*?<svg[^>]*>|<\/svg>\s*$/g, "")}</g>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="700">
<rect width="100%" height="100%" fill="#fff"/><g transform="rotate(${turn} 500 350)">
<text x="60" y="90" font-family="DejaVu Sans" font-size="28">NOTA FISCAL 000.012.345 · R$ 1.234,56</text>${code}</g></svg>`;
  const image = sharp(Buffer.from(svg));
  return (blur ? image.blur(blur) : image).jpeg({ quality: 80 }).toBuffer();
}

describe("readDocumentCodes", () => {
  test.each([
    [
      "a DANFE's Code-128 of the access key",
      { bcid: "code128", text: KEY, module: 2 },
      { kind: "access-key", source: "barcode", model: "55", number: "000012345" },
    ],
    [
      "an NFC-e's QR code, offline",
      { bcid: "qrcode", text: NFCE_QR, module: 4 },
      { kind: "fiscal-qr", source: "qrcode", date: "2026-03-14", valueCents: 8990 },
    ],
    [
      "a boleto's ITF",
      { bcid: "interleaved2of5", text: BOLETO, module: 2 },
      { kind: "boleto", bank: "237", dueDate: "2026-03-31", valueCents: 123456 },
    ],
    [
      "a collection slip's ITF",
      { bcid: "interleaved2of5", text: SLIP, module: 2 },
      { kind: "arrecadacao", segment: "4", valueCents: 31247 },
    ],
  ])("%s", async (_name, drawn, expected) => {
    const readings = await readDocumentCodes(await page(drawn), { today: TODAY, budgetMs: UNBOUNDED });
    expect(readings).toEqual([expect.objectContaining({ ...expected, text: drawn.text })]);
  });

  test("a page turned a quarter and a little more is turned upright by its measured skew", async () => {
    const image = await page({ bcid: "code128", text: KEY, module: 2, turn: 97 });
    const { readings, view } = await readCodesWithView(image, { today: TODAY, budgetMs: UNBOUNDED });
    expect(readings.map((r) => r.text)).toEqual([KEY]);
    expect(view).toBe("upright");
  });

  test("thin bars blurred as a phone's lens blurs them", async () => {
    const image = await page({ bcid: "interleaved2of5", text: BOLETO, module: 1.5, turn: -6, blur: 1 });
    const { readings, view } = await readCodesWithView(image, { today: TODAY, budgetMs: UNBOUNDED });
    expect(readings.map((r) => r.text)).toEqual([BOLETO]);
    expect(view).not.toBe("whole");
  });

  test("a boleto whose DV is broken is read by zxing and refused", async () => {
    const image = await page({ bcid: "interleaved2of5", text: BROKEN_BOLETO, module: 2 });
    const gray = await sharp(image).grayscale().raw().toBuffer({ resolveWithObject: true });
    const raw = await readRawCodes({ data: gray.data, width: gray.info.width, height: gray.info.height });
    expect(raw.map((c) => c.text)).toContain(BROKEN_BOLETO);
    expect(await readDocumentCodes(image, { today: TODAY, budgetMs: UNBOUNDED })).toEqual([]);
  });

  test("a page without a code, and bytes that are no image, give nothing", async () => {
    expect(await readDocumentCodes(await page({ module: 2 }), { today: TODAY, budgetMs: 200 })).toEqual([]);
    expect(await readDocumentCodes(Buffer.from("%PDF-1.4 not an image"), { today: TODAY })).toEqual([]);
    expect(await readDocumentCodes(Buffer.alloc(0), { today: TODAY })).toEqual([]);
  });
});
