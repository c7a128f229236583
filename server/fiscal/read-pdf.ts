import "server-only";
import { IMAGE_DATA_URL_MAX } from "@/lib/constants";
import { messages } from "@/lib/i18n/messages";
import { runPdfProcess, type PdfProcessAnswer, type PdfProcessLimits, type PdfTask } from "./pdf-process";
import { sniffKind } from "./sniff-kind";

// A PDF a client sends (a DANFE, a boleto, a bank's receipt) read on the server with pdf.js: its page
// count, each page drawn as a PNG the image pipeline stores like a photo, and each page's text layer
// (server/fiscal/read-pdf-text.ts finds the codes in it). Every answer is `{ ok: true, ... }` or
// `{ ok: false, message }` with a pt-BR reason that names no file: the caller adds the name.

/** The bytes a data URL within the upload's limit can carry. */
export const PDF_MAX_BYTES = Math.floor((IMAGE_DATA_URL_MAX * 3) / 4);
export const PDF_MAX_PAGES = 10;
/** A4 at 150 dpi: 1240 x 1754, what the fiscal page renderer draws too. */
export const PDF_PAGE_WIDTH = 1240;
// A page as tall as three A4s still draws; a taller one (a receipt roll, a hostile MediaBox) is scaled
// down to this height instead, so no canvas passes 1240 x 5262 pixels.
export const PDF_PAGE_MAX_HEIGHT = 3 * 1754;
// A page scanned at 600 dpi is about 35 MP; pdf.js leaves out any embedded image larger than this.
const MAX_IMAGE_PIXELS = 40_000_000;
// A process reading a PDF starts at about 100 MB; a 1240 x 5262 canvas is 26 MB.
const DEFAULT_LIMITS: PdfProcessLimits = { timeoutMs: 60_000, memoryMb: 512 };

const { pdf } = messages.fiscal;

export type PdfFailure = { ok: false; message: string };
export type PdfOptions = { maxPages?: number; timeoutMs?: number; memoryMb?: number };
export type RenderedPdfPage = { png: Buffer; width: number; height: number; ms: number };

function refusalOfBytes(bytes: Buffer): PdfFailure | null {
  if (sniffKind(bytes) !== "pdf") return { ok: false, message: pdf.notPdf };
  if (bytes.length > PDF_MAX_BYTES) return { ok: false, message: pdf.tooLarge(Math.floor(PDF_MAX_BYTES / 2 ** 20)) };
  return null;
}

function messageOf(answer: Extract<PdfProcessAnswer, { ok: false }>, maxPages: number): string {
  if (answer.reason === "tooManyPages") return pdf.tooManyPages(maxPages);
  return pdf[answer.reason];
}

async function readPdf(
  bytes: Buffer,
  task: Partial<PdfTask>,
  options: PdfOptions,
): Promise<PdfFailure | Extract<PdfProcessAnswer, { ok: true }>> {
  const refusal = refusalOfBytes(bytes);
  if (refusal) return refusal;
  const maxPages = options.maxPages ?? PDF_MAX_PAGES;
  const answer = await runPdfProcess(
    bytes,
    {
      render: false,
      text: false,
      width: PDF_PAGE_WIDTH,
      maxHeight: PDF_PAGE_MAX_HEIGHT,
      maxImagePixels: MAX_IMAGE_PIXELS,
      ...task,
      maxPages,
    },
    {
      timeoutMs: options.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
      memoryMb: options.memoryMb ?? DEFAULT_LIMITS.memoryMb,
    },
  );
  return answer.ok ? answer : { ok: false, message: messageOf(answer, maxPages) };
}

/** Whether the bytes are a PDF that can be read: not encrypted, not damaged, within the page limit. */
export async function openPdf(
  bytes: Buffer,
  options: PdfOptions = {},
): Promise<{ ok: true; pages: number } | PdfFailure> {
  const answer = await readPdf(bytes, {}, options);
  return answer.ok ? { ok: true, pages: answer.pages } : answer;
}

/**
 * Each page drawn on white as a PNG `width` pixels wide (1240 by default, A4 at 150 dpi), which
 * `processImage` then stores as it stores a photo. The page count is checked before any page is drawn.
 * `peakMemoryMb`: the most the reading process held, for the log.
 */
export async function renderPdfPages(
  bytes: Buffer,
  options: PdfOptions & { width?: number } = {},
): Promise<{ ok: true; pages: RenderedPdfPage[]; peakMemoryMb: number } | PdfFailure> {
  const width = Math.max(1, Math.min(Math.round(options.width ?? PDF_PAGE_WIDTH), 2 * PDF_PAGE_WIDTH));
  const answer = await readPdf(bytes, { render: true, width }, options);
  if (!answer.ok) return answer;
  const pages = answer.results.map((page) => ({
    png: Buffer.from(page.png!.buffer, page.png!.byteOffset, page.png!.byteLength),
    width: page.width!,
    height: page.height!,
    ms: page.ms,
  }));
  return { ok: true, pages, peakMemoryMb: answer.peakMemoryMb ?? 0 };
}

/** The text layer of each page, its lines joined by line breaks; empty for a scanned page. */
export async function pdfText(
  bytes: Buffer,
  options: PdfOptions = {},
): Promise<{ ok: true; pages: string[] } | PdfFailure> {
  const answer = await readPdf(bytes, { text: true }, options);
  return answer.ok ? { ok: true, pages: answer.results.map((page) => page.text ?? "") } : answer;
}
