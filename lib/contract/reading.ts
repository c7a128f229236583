import { z } from "./zod";

// A block's reading and its documents' sources on the wire (docs/decisions/0271-fiscal-reading-contract.md),
// re-exported by ./fiscal.

export const readingSourceSchema = z.enum(["xml", "qrcode", "barcode", "pdf-text", "ocr"]);
export const readingModelSchema = z.enum(["55", "65", "57", "59", "boleto", "arrecadacao"]);

/**
 * A block's reading (additive on /api/block/tocategorize, /api/document/block and /api/block/list
 * entries): null until something is read. Merged over the block's documents by lib/fiscal/block-reading.ts.
 */
export const blockReadingSchema = z.object({
  source: readingSourceSchema,
  key: z.string().nullable(),
  model: readingModelSchema.nullable(),
  /** The supplier's CNPJ (or CPF), digits only. */
  cnpj: z.string().nullable(),
  supplierName: z.string().nullable(),
  date: z.iso.date().nullable(),
  /** "1234.56" */
  value: z.string().nullable(),
  /** How sure a reading by OCR is (source "ocr"), 0–1: shown as 'Lido por OCR — confira'; null otherwise. */
  confidence: z.number().min(0).max(1).nullable(),
  /** Other live blocks of the client with one of this block's keys or boleto lines. */
  duplicateOf: z.array(z.number().int()),
});
export type BlockReadingAnswer = z.infer<typeof blockReadingSchema>;

/** What the viewer marks a document that came as a fiscal XML with. */
export const fiscalMarkSchema = z.enum(["homologation", "unauthorized", "thirdParty"]);
export type FiscalMark = z.infer<typeof fiscalMarkSchema>;

/**
 * Per document of /api/document/block (additive, in the order of documentsUrl): the file it came as
 * (an XML or a PDF, with a signed link to download it) and its marks; null for a photo.
 */
export const documentSourceSchema = z
  .object({ url: z.string(), mime: z.string(), name: z.string(), marks: z.array(fiscalMarkSchema) })
  .nullable();
export type DocumentSource = z.infer<typeof documentSourceSchema>;
