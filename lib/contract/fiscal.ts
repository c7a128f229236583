import { documentNameSchema } from "./business";
import { idSchema } from "./ids";
import { z } from "./zod";

// The reading of documents (what they carry in machine-readable form) and the import of fiscal XML.
// Wire decisions: docs/decisions/0271-fiscal-reading-contract.md.

/** Most files one POST /api/block/import may carry (a ZIP counts as one; its entries are capped apart). */
export const IMPORT_FILES_MAX = 100;

/**
 * Body cap of POST /api/block/import: a ZIP of 1,000 NF-e is 5-15 MB as base64; 64 MiB leaves room for
 * 100 files while bounding what one request may hold in memory.
 */
export const IMPORT_BODY_MAX_BYTES = 64 * 1024 * 1024;

/** POST /api/block/import: files as data URLs of an XML or a ZIP (the bytes decide which). */
export const blockImportBody = z.object({
  clientId: idSchema.optional(),
  files: z
    .array(z.object({ name: documentNameSchema, base64url: z.string().min(1) }))
    .min(1)
    .max(IMPORT_FILES_MAX),
});
export type BlockImportBody = z.infer<typeof blockImportBody>;

export const importStatusSchema = z.enum(["created", "duplicate", "invalid"]);
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** One entry per XML file or ZIP entry (named `zipname/entry`), in order. */
export const importResultSchema = z.object({
  name: z.string(),
  status: importStatusSchema,
  blockId: z.number().int().optional(),
  key: z.string().optional(),
  duplicateOf: z.array(z.number().int()).optional(),
  message: z.string().optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
export const blockImportAnswer = z.array(importResultSchema);

export const readingSourceSchema = z.enum(["xml", "qrcode", "barcode", "pdf-text"]);
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
