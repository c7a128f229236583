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

// The reading's schemas live in ./reading (lib/contract/blocks.ts carries them without importing the
// business contract this file builds on).
export {
  blockReadingSchema,
  documentSourceSchema,
  duplicateReasonKindSchema,
  duplicateReasonSchema,
  fiscalMarkSchema,
  readingModelSchema,
  readingSourceSchema,
  type BlockReadingAnswer,
  type DocumentSource,
  type DuplicateReason,
  type FiscalMark,
} from "./reading";
