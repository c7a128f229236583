import { z } from "./zod";

// A block's reading and its documents' sources on the wire (docs/decisions/0271-fiscal-reading-contract.md),
// re-exported by ./fiscal.

export const readingSourceSchema = z.enum(["xml", "qrcode", "barcode", "pdf-text", "ocr"]);
export const readingModelSchema = z.enum(["55", "65", "57", "59", "boleto", "arrecadacao"]);

/**
 * Why another block may be the same payment (docs/decisions/0300-near-duplicate-blocks.md): "key" an
 * access key, "line" a boleto's or a collection slip's barcode, "supplier-value" the same supplier and
 * value within 3 days, "photo" the same photo sent again.
 */
export const duplicateReasonKindSchema = z.enum(["key", "line", "supplier-value", "photo"]);
export const duplicateReasonSchema = z.object({
  blockId: z.number().int(),
  reason: duplicateReasonKindSchema,
});
export type DuplicateReason = z.infer<typeof duplicateReasonSchema>;

/**
 * A block's reading (additive on /api/block/tocategorize, /api/document/block and /api/block/list
 * entries): null until something is read or a possible duplicate is found. Merged over the block's
 * documents by lib/fiscal/block-reading.ts. `source` is null (and every field read with it) when the
 * block's documents said nothing but another block may be the same payment (the same photo).
 */
export const blockReadingSchema = z.object({
  source: readingSourceSchema.nullable(),
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
  /** Other live blocks of the client that may be the same payment (one of duplicateReasons), ascending. */
  duplicateOf: z.array(z.number().int()),
  /** Why, one entry per (block, reason), by block then reason (in duplicateReasonKindSchema's order). */
  duplicateReasons: z.array(duplicateReasonSchema),
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
