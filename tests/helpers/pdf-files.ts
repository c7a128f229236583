import { createHash, randomBytes } from "node:crypto";
import { constants, deflateRawSync } from "node:zlib";
import { PDFDocument, PDFName, PDFString, StandardFonts } from "pdf-lib";
import { sampleKey } from "./fiscal-documents";

// PDFs for the reader's tests: pages of text (a boleto, a DANFE), many pages, huge pages, one that
// carries JavaScript, one encrypted, damaged bytes and one padded past the upload's size. pdf-lib writes
// the ordinary ones; the encrypted one is written by hand, since pdf-lib cannot encrypt.

export const A4: [number, number] = [595.28, 841.89];

// A Bradesco boleto's typed line and a utility bill's collection line, both with valid check digits.
export const BOLETO_LINE = "23793.38128 60007.827136 95000.063305 9 75520000370000";
export const BOLETO_BARCODE = "23799755200003700003381260007827139500006330";
export const COLLECTION_LINE = "84670000001-7 43590024020-9 02405000243-5 84221010811-9";
export const DANFE_KEY = sampleKey("55", "12345678000195", 4321);
export const DANFE_CNPJ = "12.345.678/0001-95";

/** The 44 digits in 11 groups of 4, as a DANFE prints them. */
export function groupedKey(key: string): string {
  return key.match(/\d{4}/g)!.join(" ");
}

/** One page per entry, each line of text drawn 18 points below the last. */
export async function textPdf(pages: string[][], size: [number, number] = A4): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage(size);
    lines.forEach((line, index) => page.drawText(line, { x: 40, y: size[1] - 60 - index * 18, size: 11, font }));
  }
  return Buffer.from(await doc.save());
}

export function boletoPdf(line = BOLETO_LINE): Promise<Buffer> {
  return textPdf([
    [
      "Banco Bradesco S.A. | 237-2 | " + line,
      "Local de pagamento: pagável em qualquer banco até o vencimento",
      "Beneficiário: Padaria Pão Quente Ltda — CNPJ " + DANFE_CNPJ,
      "(=) Valor do Documento  R$ 3.700,00",
    ],
  ]);
}

export function danfePdf(key = DANFE_KEY): Promise<Buffer> {
  return textPdf([
    [
      "DANFE — Documento Auxiliar da Nota Fiscal Eletrônica",
      "PADARIA PÃO QUENTE LTDA   CNPJ " + DANFE_CNPJ,
      "CHAVE DE ACESSO",
      groupedKey(key),
      "VALOR TOTAL DOS PRODUTOS 1.100,00",
      "VALOR TOTAL DA NOTA 1.234,56",
    ],
  ]);
}

/** `count` blank pages. */
export async function manyPagesPdf(count: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let index = 0; index < count; index += 1) doc.addPage(A4);
  return Buffer.from(await doc.save());
}

/** A page whose open action and document-level script would fetch `url` if anything ran them. */
export async function javascriptPdf(url: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage(A4).drawText("Documento com JavaScript", { x: 40, y: 780, size: 11, font });
  const script = `app.launchURL("${url}/open", true); this.submitForm("${url}/submit"); globalThis.ranPdfScript = true;`;
  const action = doc.context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of(script) });
  doc.catalog.set(PDFName.of("OpenAction"), doc.context.register(action));
  const names = doc.context.obj({ Names: [PDFString.of("run"), doc.context.register(action)] });
  doc.catalog.set(PDFName.of("Names"), doc.context.obj({ JavaScript: doc.context.register(names) }));
  doc.catalog.set(PDFName.of("AA"), doc.context.obj({ WC: doc.context.register(action) }));
  return Buffer.from(await doc.save());
}

/** A PDF with one unreferenced stream of random bytes, so the file is about `megabytes` long. */
export async function paddedPdf(megabytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage(A4).drawText("Documento grande", { x: 40, y: 780, size: 11, font });
  doc.context.register(doc.context.stream(randomBytes(Math.round(megabytes * 2 ** 20))));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Objects numbered from 1, with their cross-reference table's offsets counted. */
export function handWrittenPdf(objects: string[], trailer: string): Buffer {
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
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

/** A page that is only a photo, as a scanner makes: no text layer. */
export async function scannedPdf(jpeg: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await doc.embedJpg(jpeg);
  doc.addPage(A4).drawImage(image, { x: 0, y: 0, width: A4[0], height: A4[1] });
  return Buffer.from(await doc.save());
}

/** A header followed by bytes that are no PDF. */
export function corruptPdf(): Buffer {
  return Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(4096)]);
}

/** A valid file cut short: its pages and cross-reference table are gone. */
export async function truncatedPdf(): Promise<Buffer> {
  const whole = await danfePdf();
  return whole.subarray(0, 40);
}

/** A page whose content stream is ~1 KB of deflate per MiB of zeros when inflated (a decompression bomb). */
export async function flateBombPdf(megabytes: number): Promise<Buffer> {
  const mebibyte = Buffer.alloc(2 ** 20);
  // A full flush ends each copy on a byte boundary with an empty window, so the copies can be chained.
  const block = deflateRawSync(mebibyte, { finishFlush: constants.Z_FULL_FLUSH });
  const zlib = Buffer.concat([
    Buffer.from([0x78, 0x9c]),
    ...Array<Buffer>(megabytes).fill(block),
    Buffer.from([0x03, 0x00]),
  ]);
  const doc = await PDFDocument.create();
  const page = doc.addPage(A4);
  const contents = doc.context.stream(zlib, { Filter: "FlateDecode" });
  page.node.set(PDFName.of("Contents"), doc.context.register(contents));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
