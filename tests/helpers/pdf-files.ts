import { createHash, randomBytes } from "node:crypto";
import { constants, deflateRawSync } from "node:zlib";
import { sampleKey } from "./fiscal-documents";

// PDFs for the reader's tests, written by hand with their cross-reference offsets counted: pages of text
// (a boleto, a DANFE) in the standard Helvetica, many pages, huge pages, a scanned page, JavaScript
// actions, encryption (a user password, an owner password only), damaged bytes, padding and a deflate
// bomb. By hand rather than with a PDF library: each file is a few objects, and a hostile one needs
// bytes no library writes.

export const A4: [number, number] = [595.28, 841.89];

// A Bradesco boleto's typed line and a utility bill's collection line, both with valid check digits.
export const BOLETO_LINE = "23793.38128 60007.827136 95000.063305 9 75520000370000";
export const BOLETO_BARCODE = "23799755200003700003381260007827139500006330";
export const COLLECTION_LINE = "84670000001-7 43590024020-9 02405000243-5 84221010811-9";
export const DANFE_KEY = sampleKey("55", "12345678000195", 4321);
export const DANFE_CNPJ = "12.345.678/0001-95";

/** An object's dictionary, and its stream's bytes when it is a stream (its /Length is added). */
export type PdfObject = string | { dict: string; stream: Buffer };

/** Objects numbered from 1, with their cross-reference table's offsets counted. */
export function handWrittenPdf(objects: PdfObject[], trailer: string): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = parts[0]!.length;
  const push = (part: Buffer | string) => {
    const bytes = typeof part === "string" ? Buffer.from(part, "latin1") : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    if (typeof object === "string") return push(`${index + 1} 0 obj\n${object}\nendobj\n`);
    push(`${index + 1} 0 obj\n<< ${object.dict} /Length ${object.stream.length} >>\nstream\n`);
    push(object.stream);
    push("\nendstream\nendobj\n");
  });
  const xref = length;
  let table = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) table += `${String(offset).padStart(10, "0")} 00000 n \n`;
  push(`${table}trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

// Text as a PDF string in WinAnsiEncoding: Latin-1 letters as they are, the dash and the ellipsis at
// their WinAnsi codes, anything else as '?'.
function pdfString(text: string): string {
  const winAnsi: Record<string, string> = { "—": "\x97", "–": "\x96", "…": "\x85" };
  const bytes = [...text].map((char) => winAnsi[char] ?? (char.charCodeAt(0) < 256 ? char : "?")).join("");
  return `(${bytes.replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

// Catalog (1), page tree (2), Helvetica (3), then each page and its content stream.
function pagesPdf(
  pages: { size: [number, number]; content: string; resources?: string }[],
  extra: PdfObject[] = [],
  catalog = "",
): Buffer {
  const first = 4 + extra.length;
  const kids = pages.map((_, index) => `${first + index * 2} 0 R`).join(" ");
  const objects: PdfObject[] = [
    `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`,
    `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ...extra,
  ];
  pages.forEach(({ size, content, resources = "" }, index) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size[0]} ${size[1]}] /Resources << /Font << /F1 3 0 R >> ${resources} >> /Contents ${first + index * 2 + 1} 0 R >>`,
      { dict: "", stream: Buffer.from(content, "latin1") },
    );
  });
  return handWrittenPdf(objects, "/Root 1 0 R");
}

function textContent(lines: string[], height: number): string {
  return lines
    .map((line, index) => `BT /F1 11 Tf 40 ${(height - 60 - index * 18).toFixed(2)} Td ${pdfString(line)} Tj ET`)
    .join("\n");
}

/** The 44 digits in 11 groups of 4, as a DANFE prints them. */
export function groupedKey(key: string): string {
  return key.match(/\d{4}/g)!.join(" ");
}

/** One page per entry, each line of text drawn 18 points below the last. */
export function textPdf(pages: string[][], size: [number, number] = A4): Buffer {
  return pagesPdf(pages.map((lines) => ({ size, content: textContent(lines, size[1]) })));
}

/** One page with each text drawn on its own at its own place, as a form's cells are. */
export function positionedTextPdf(texts: { text: string; x: number; y: number }[]): Buffer {
  const content = texts.map(({ text, x, y }) => `BT /F1 11 Tf ${x} ${y} Td ${pdfString(text)} Tj ET`).join("\n");
  return pagesPdf([{ size: A4, content }]);
}

/** The text of a boleto's page. */
export const boletoLines = (line = BOLETO_LINE): string[] => [
  "Banco Bradesco S.A. | 237-2 | " + line,
  "Local de pagamento: pagável em qualquer banco até o vencimento",
  "Beneficiário: Padaria Pão Quente Ltda — CNPJ " + DANFE_CNPJ,
  "(=) Valor do Documento  R$ 3.700,00",
];

/** The text of a DANFE's page. */
export const danfeLines = (key = DANFE_KEY): string[] => [
  "DANFE — Documento Auxiliar da Nota Fiscal Eletrônica",
  "PADARIA PÃO QUENTE LTDA   CNPJ " + DANFE_CNPJ,
  "CHAVE DE ACESSO",
  groupedKey(key),
  "VALOR TOTAL DOS PRODUTOS 1.100,00",
  "VALOR TOTAL DA NOTA 1.234,56",
];

export function boletoPdf(line = BOLETO_LINE): Buffer {
  return textPdf([boletoLines(line)]);
}

export function danfePdf(key = DANFE_KEY): Buffer {
  return textPdf([danfeLines(key)]);
}

/** `count` blank pages. */
export function manyPagesPdf(count: number): Buffer {
  return pagesPdf(Array.from({ length: count }, () => ({ size: A4, content: "" })));
}

/** A page whose open action, document-level script and will-close action would call `url` if anything ran them. */
export function javascriptPdf(url: string): Buffer {
  const script = `app.launchURL("${url}/open", true); this.submitForm("${url}/submit"); globalThis.ranPdfScript = true;`;
  // Object 4: the action; 5: the document's named scripts.
  const extra = [`<< /Type /Action /S /JavaScript /JS ${pdfString(script)} >>`, "<< /Names [(run) 4 0 R] >>"];
  const catalog = "/OpenAction 4 0 R /Names << /JavaScript 5 0 R >> /AA << /WC 4 0 R >>";
  return pagesPdf([{ size: A4, content: textContent(["Documento com JavaScript"], A4[1]) }], extra, catalog);
}

/** A PDF with one unreferenced stream of random bytes, so the file is about `megabytes` long. */
export function paddedPdf(megabytes: number): Buffer {
  const padding = { dict: "", stream: randomBytes(Math.round(megabytes * 2 ** 20)) };
  return pagesPdf([{ size: A4, content: textContent(["Documento grande"], A4[1]) }], [padding]);
}

/** A page that is only a photo, as a scanner makes: no text layer. */
export function scannedPdf(jpeg: Buffer, width: number, height: number): Buffer {
  const image = {
    dict: `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode`,
    stream: jpeg,
  };
  const content = `q ${A4[0]} 0 0 ${A4[1]} 0 0 cm /Im1 Do Q`;
  return pagesPdf([{ size: A4, content, resources: "/XObject << /Im1 4 0 R >>" }], [image]);
}

/** A page whose content stream is ~1 KB of deflate per MiB of zeros when inflated (a decompression bomb). */
export function flateBombPdf(megabytes: number): Buffer {
  const mebibyte = Buffer.alloc(2 ** 20);
  // A full flush ends each copy on a byte boundary with an empty window, so the copies can be chained.
  const block = deflateRawSync(mebibyte, { finishFlush: constants.Z_FULL_FLUSH });
  const zlib = Buffer.concat([
    Buffer.from([0x78, 0x9c]),
    ...Array<Buffer>(megabytes).fill(block),
    Buffer.from([0x03, 0x00]),
  ]);
  return handWrittenPdf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
      { dict: "/Filter /FlateDecode", stream: zlib },
    ],
    "/Root 1 0 R",
  );
}

// An /Encrypt dictionary of the standard handler (RC4, 40 bits) whose /U does not match the empty
// password: the file opens only with a user password, as a protected bank statement does.
export function encryptedPdf(): Buffer {
  const hex32 = (byte: string) => `<${byte.repeat(32)}>`;
  return handWrittenPdf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
      `<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O ${hex32("a5")} /U ${hex32("5a")} >>`,
    ],
    `/Root 1 0 R /Encrypt 4 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]`,
  );
}

// The standard handler's password padding (PDF 1.7, 7.6.3.3, algorithm 2).
const PASSWORD_PADDING = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");

function rc4(key: Buffer, data: Buffer): Buffer {
  const state = Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + state[i]! + key[i % key.length]!) % 256;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n += 1) {
    i = (i + 1) % 256;
    j = (j + state[i]!) % 256;
    [state[i], state[j]] = [state[j]!, state[i]!];
    out[n] = data[n]! ^ state[(state[i]! + state[j]!) % 256]!;
  }
  return out;
}

// Encrypted with an owner password only (printing and copying restricted, as banks send statements):
// the empty user password opens it. RC4 40 bits (revision 2); the page has no stream or string, so
// nothing else needs encrypting.
export function ownerPasswordPdf(): Buffer {
  const md5 = (...parts: Buffer[]) => createHash("md5").update(Buffer.concat(parts)).digest();
  const id = Buffer.from("0123456789abcdef0123456789abcdef", "hex");
  const permissions = -44;
  const owner = rc4(md5(Buffer.from("dono"), PASSWORD_PADDING.subarray(0, 28)).subarray(0, 5), PASSWORD_PADDING);
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(PASSWORD_PADDING, owner, p, id).subarray(0, 5);
  const user = rc4(key, PASSWORD_PADDING);
  return handWrittenPdf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
      `<< /Filter /Standard /V 1 /R 2 /Length 40 /P ${permissions} /O <${owner.toString("hex")}> /U <${user.toString("hex")}> >>`,
    ],
    `/Root 1 0 R /Encrypt 4 0 R /ID [<${id.toString("hex")}> <${id.toString("hex")}>]`,
  );
}

/** A header followed by bytes that are no PDF. */
export function corruptPdf(): Buffer {
  return Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(4096)]);
}

/** A valid file cut short: its pages and cross-reference table are gone. */
export function truncatedPdf(): Buffer {
  return danfePdf().subarray(0, 40);
}
