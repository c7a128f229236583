import { DEVOLVE_REASON_MAX } from "@/lib/constants";
import { blocksMessages } from "@/lib/i18n/sections/blocks";
import { multilineTextSchema } from "@/lib/validation/schemas";
import { idSchema } from "./ids";
import { monthSchema, yearSchema } from "./accounts";
import { blockReadingSchema, documentSourceSchema } from "./reading";
import { accountSuggestionSchema } from "./suggestion";
import { z } from "./zod";

// Blocks, their documents and pendencies on the accounting platform (spec §3 Block, Block documents
// response, Client blocks response, Pendency; §7 Blocks). Shared by the route
// handlers and the UI hooks. Wire decisions (docs/decisions/0115-blocks-on-the-wire.md):
// - `date` is an ISO calendar date "2026-03-15" (the payment date), null while uncategorised; the spec's
//   "shifted forward one day on load" is not reproduced.
// - `value` is a decimal string with a dot ("1234.56"), null while uncategorised.
// - `viewed` is per accounting operator (block_views): "opened by me".
// - `version` (additive) is the optimistic-concurrency counter /api/block/save may carry (the screens do).

export { UNCATEGORIZED_KEY } from "@/lib/constants";

/** POST /api/block/list (accounting variant): clientId, and optionally one month (year and month together). */
export const blockListBody = z
  .object({ clientId: idSchema.optional(), year: yearSchema.optional(), month: monthSchema.optional() })
  .refine((body) => (body.year === undefined) === (body.month === undefined), { path: ["month"] })
  // No payload (a GET, spec §7): the call without fields.
  .default({});
export type BlockListBody = z.infer<typeof blockListBody>;

export const blockSchema = z.object({
  id: z.number().int(),
  date: z.iso.date().nullable(),
  value: z.string().nullable(),
  viewed: z.boolean(),
  /** Absent when the block is not contabilised (spec §3). */
  contabilizedDatetime: z.iso.datetime().optional(),
  /** Signed, expiring URLs of the display images, in order. */
  documentsUrl: z.array(z.string()),
  /** Signed URLs of the thumbnails, same order (additive). */
  thumbnailsUrl: z.array(z.string()),
  accountId: z.number().int().nullable(),
  /** When the client sent it (additive): the month of an uncategorised block. */
  sentDatetime: z.iso.datetime(),
  /** Optimistic concurrency (additive). */
  version: z.number().int(),
  /** The block has an open pendency (additive): the viewer opens in pendency mode. */
  hasPendency: z.boolean(),
  /**
   * What its documents say (additive): merged findings and the other live blocks sharing a code; null
   * until something is read (docs/decisions/0271-fiscal-reading-contract.md).
   */
  reading: blockReadingSchema.nullable(),
  /**
   * One of its documents is still to be read by the document-read job (additive): `reading` may still
   * change, and a screen showing it asks again (lib/fiscal/page-in-preparation.ts).
   */
  readingPending: z.boolean(),
  /** The account its supplier's earlier blocks suggest (additive; null on the company's answers). */
  accountSuggestion: accountSuggestionSchema.nullable(),
});
export type Block = z.infer<typeof blockSchema>;

/** year → month (1..12) → account id (or UNCATEGORIZED_KEY) → blocks, newest first within an account. */
export const blocksByMonthSchema = z.record(
  z.string(),
  z.record(z.string(), z.record(z.string(), z.array(blockSchema))),
);
export type BlocksByMonth = z.infer<typeof blocksByMonthSchema>;

/** Spec §3 Client blocks response, plus uncontabilizedCount (the Contabilizar badge, additive). */
export const clientBlocksAnswer = z.object({
  blocks: blocksByMonthSchema,
  uncategorizedCount: z.number().int(),
  uncontabilizedCount: z.number().int(),
});
export type ClientBlocksAnswer = z.infer<typeof clientBlocksAnswer>;

/** POST /api/block/viewed, /api/document/block. */
export const blockIdBody = z.object({ blockId: idSchema });
export type BlockIdBody = z.infer<typeof blockIdBody>;

/**
 * POST /api/block/duplicate/dismiss: 'Não é duplicado' — the two blocks (of one client) are not the same
 * payment (docs/decisions/0302-duplicate-dismissal.md). Either order names the same pair.
 */
export const duplicateDismissBody = z
  .object({ blockId: idSchema, otherBlockId: idSchema })
  .refine((body) => body.blockId !== body.otherBlockId, {
    message: blocksMessages.sameBlockTwice,
    path: ["otherBlockId"],
  });
export type DuplicateDismissBody = z.infer<typeof duplicateDismissBody>;
export const duplicateDismissAnswer = z.object({
  blockId: z.number().int(),
  otherBlockId: z.number().int(),
  dismissed: z.literal(true),
});
export type DuplicateDismissAnswer = z.infer<typeof duplicateDismissAnswer>;

/** POST /api/block/devolve: the spec's {blockId} plus an optional reason the client sees in Devolvidos (additive). */
export const blockDevolveBody = z.object({
  blockId: idSchema,
  reason: multilineTextSchema
    .pipe(z.string().max(DEVOLVE_REASON_MAX, blocksMessages.reasonTooLong(DEVOLVE_REASON_MAX)))
    .optional(),
});
export type BlockDevolveBody = z.infer<typeof blockDevolveBody>;

/**
 * POST /api/block/save: the spec's {block: {id, date, value, accountId}} plus an optional `version`
 * beside it (given: a stale one is refused 409; left out: the save writes over any version).
 * date "YYYY-MM-DD", value a positive decimal string with a dot and at most two decimals.
 */
export const blockSaveBody = z.object({
  block: z.object({
    id: idSchema,
    date: z.string(),
    value: z.string(),
    accountId: idSchema,
  }),
  version: z.int().min(0).optional(),
});
export type BlockSaveBody = z.infer<typeof blockSaveBody>;

/** Spec §3 Block documents response, plus the thumbnails, version and the open pendency (additive). */
export const blockDocumentsAnswer = z.object({
  documentsUrl: z.array(z.string()),
  thumbnailsUrl: z.array(z.string()),
  categorizedBy: z.string().nullable(),
  contabilizedBy: z.string().nullable(),
  categorizedPhotoUrl: z.string().nullable(),
  contabilizedPhotoUrl: z.string().nullable(),
  /** Categorised and contabilised by the same operator: 'Categorizado por {name} e contabilizado'. */
  alsoContabilize: z.boolean(),
  version: z.number().int(),
  pendency: z.object({ issue: z.number().int(), observations: z.string(), date: z.iso.datetime() }).nullable(),
  /** The block's reading, as on the lists (additive). */
  reading: blockReadingSchema.nullable(),
  /** One of its documents is still to be read by the document-read job (additive), as on the lists. */
  readingPending: z.boolean(),
  /** The office operator who imported it from a fiscal XML: 'Importado por {nome}' (additive). */
  importedBy: z.string().nullable(),
  /** Per document, in the order of documentsUrl: the file it came as, null for a photo (additive). */
  sources: z.array(documentSourceSchema),
  /** When the block was last exported to the accounting system ('Exportado em …'); null: never (additive). */
  exportedAt: z.iso.datetime().nullable(),
  /** The account its supplier's earlier blocks suggest (additive; null for a company user). */
  accountSuggestion: accountSuggestionSchema.nullable(),
});
export type BlockDocumentsAnswer = z.infer<typeof blockDocumentsAnswer>;

/** POST /api/pendency/list: a client's pendencies, optionally of one year (additive). */
export const pendencyListBody = z
  .object({ clientId: idSchema.optional(), year: yearSchema.optional() })
  // No payload (a GET, spec §7): the call without fields.
  .default({});
export type PendencyListBody = z.infer<typeof pendencyListBody>;

/** Spec §3 Pendency plus id, blockId and solvedDatetime (additive). Newest first. */
export const pendencySchema = z.object({
  id: z.number().int(),
  blockId: z.number().int(),
  date: z.iso.datetime(),
  issue: z.number().int(),
  observations: z.string(),
  documentsUrl: z.array(z.string()),
  solvedDatetime: z.iso.datetime().nullable(),
});
export type Pendency = z.infer<typeof pendencySchema>;
export const pendencyListAnswer = z.array(pendencySchema);
