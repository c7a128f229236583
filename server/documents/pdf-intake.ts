import "server-only";
import { messages } from "@/lib/i18n/messages";
import { AppError, type ErrorCode } from "@/server/errors";
import { PDF_MAX_BYTES, PDF_MAX_PAGES, renderPdfPages } from "@/server/fiscal/read-pdf";
import { processImage } from "@/server/images/pipeline";
import type { ProcessedImage } from "@/server/images/types";

// A PDF sent in a block (Criar bloco, Blocos com pendencia): its pages drawn in the request, since the
// viewer shows them at once, each stored like a photo (docs/decisions/0274-pdf-documents.md). The reader
// (server/fiscal/read-pdf.ts) refuses what it cannot open; the refusal names the file once the caller
// knows its name.

export const PDF_MIME = "application/pdf";

const { pdf: reasons } = messages.fiscal;
const { pdf: named } = messages.business.api;

/** A PDF refused: the status, and the pt-BR message given the file's name. */
export class PdfRefusal extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly nameIt: (name: string) => string,
  ) {
    super(nameIt("PDF"));
    this.name = "PdfRefusal";
  }

  named(name: string, fields: { path: string }): AppError {
    const message = this.nameIt(name);
    return new AppError(this.code, message, { fields: [{ path: fields.path, message }] });
  }
}

export const pdfTooLarge = () => new PdfRefusal("too_large", named.tooLarge);

function refusalOf(reason: string): PdfRefusal {
  if (reason === reasons.encrypted) return new PdfRefusal("invalid_input", named.encrypted);
  if (reason === reasons.corrupt || reason === reasons.notPdf) return new PdfRefusal("invalid_input", named.corrupt);
  if (reason === reasons.tooManyPages(PDF_MAX_PAGES))
    return new PdfRefusal("invalid_input", (name) => named.tooManyPages(name, PDF_MAX_PAGES));
  if (reason === reasons.tooLarge(Math.floor(PDF_MAX_BYTES / 2 ** 20))) return pdfTooLarge();
  return new PdfRefusal("invalid_input", (name) => named.other(name, reason));
}

/** Each page of the PDF drawn and made a document's two pictures, in page order; a PdfRefusal otherwise. */
export async function pdfPageImages(bytes: Buffer): Promise<ProcessedImage[]> {
  const rendered = await renderPdfPages(bytes);
  if (!rendered.ok) throw refusalOf(rendered.message);
  if (rendered.pages.length === 0) throw new PdfRefusal("invalid_input", named.corrupt);
  const pages: ProcessedImage[] = [];
  // One after another: the caller holds one decode slot for the whole PDF.
  for (const page of rendered.pages) pages.push(await processImage(page.png));
  return pages;
}
