import { DOCUMENT_NAME_MAX, MAX_BLOCK_IMAGES } from "@/lib/constants";
import { validationMessages } from "@/lib/i18n/sections/validation";
import { textSchema } from "@/lib/validation/schemas";
import { monthSchema, yearSchema } from "./accounts";
import { clientBlocksAnswer, pendencySchema } from "./blocks";
import { idSchema } from "./ids";
import { z } from "./zod";

// The business platform's calls (spec §3 Document, Library, Sent block, Pendency, Returned document;
// §7 Blocks, Pendency, Documents). Shared by the route handlers and the UI hooks.
// Wire decisions (docs/decisions/0118-business-platform-contract.md):
// - A library is one client operator's gallery. key '' is the caller's own ('Minha galeria'); any other
//   key is the operator id (as text) of a colleague of the same company who shares its gallery.
// - Dates are ISO datetimes; documents carry signed, expiring display and thumbnail URLs.
// - A new photo is {id: <client id, text>, base64url}; a gallery document is {id: <document id, number>}.

/** The client-side id of a new photo: what makes a retried send idempotent. */
export const clientRefSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, validationMessages.invalidId);

/** One entry of a block's document list: a new photo, or a document already in the caller's gallery. */
export const documentNameSchema = textSchema.pipe(z.string().max(DOCUMENT_NAME_MAX));
export const newPhotoSchema = z.object({
  id: clientRefSchema,
  base64url: z.string().min(1),
  name: documentNameSchema.optional(),
});
export const galleryDocumentSchema = z.object({ id: idSchema });
export const blockDocumentInput = z.union([newPhotoSchema, galleryDocumentSchema]);
export type NewPhoto = z.infer<typeof newPhotoSchema>;
export type BlockDocumentInput = z.infer<typeof blockDocumentInput>;
export const isNewPhoto = (entry: BlockDocumentInput): entry is NewPhoto => typeof entry.id === "string";

/** POST /api/block/create: the spec's array body, 1 to 13 entries, no id twice. */
export const blockCreateBody = z
  .array(blockDocumentInput)
  .min(1)
  .max(MAX_BLOCK_IMAGES)
  .refine((entries) => new Set(entries.map((entry) => `${typeof entry.id}:${entry.id}`)).size === entries.length, {
    message: validationMessages.invalidId,
  });
export type BlockCreateBody = z.infer<typeof blockCreateBody>;

/** Spec §3 Sent block, plus what the screen needs beside it (additive). */
export const sentBlockSchema = z.object({
  id: z.number().int(),
  /** When it was sent. */
  date: z.iso.datetime(),
  accountId: z.number().int().nullable(),
  documentsUrl: z.array(z.string()),
  thumbnailsUrl: z.array(z.string()),
  /** Absent when not contabilised (spec §3). */
  contabilizedDatetime: z.iso.datetime().optional(),
  /** The sender (client operator id). */
  operatorId: z.number().int().nullable(),
  /** The end of the undo window while the caller may still undo it (its own, not categorised), else null. */
  undoableUntil: z.iso.datetime().nullable(),
});
export type SentBlock = z.infer<typeof sentBlockSchema>;

/** The answer of POST /api/block/create: the block as Blocos enviados shows it. */
export const blockCreateAnswer = sentBlockSchema;

/** POST /api/block/sent: one operator's sent blocks (the caller's own or a colleague who shares), one month. */
export const sentBlocksBody = z.object({
  operatorId: idSchema,
  year: yearSchema.optional(),
  month: monthSchema.optional(),
});
export type SentBlocksBody = z.infer<typeof sentBlocksBody>;
/** Newest first. */
export const sentBlocksAnswer = z.array(sentBlockSchema);

/** POST /api/block/sent/undo {blockId}. */
export const sentUndoBody = z.object({ blockId: idSchema });
export const sentUndoAnswer = z.object({ blockId: z.number().int(), undoneDatetime: z.iso.datetime() });

/** GET /api/operator/sent/get: whose sent blocks the caller may see — itself first, then those who share. */
export const sentOperatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pictureUrl: z.string().nullable(),
  /** The caller itself (shown as 'Voce'). */
  isMe: z.boolean(),
});
export const sentOperatorsAnswer = z.array(sentOperatorSchema);
export type SentOperator = z.infer<typeof sentOperatorSchema>;

/** GET /api/library/all: the libraries the caller may open; the first is {key: '', value: 'Minha galeria'}. */
export const librarySchema = z.object({ key: z.string(), value: z.string() });
export const librariesAnswer = z.array(librarySchema);
export type Library = z.infer<typeof librarySchema>;

/** POST /api/library/documents {operatorId}: omitted or null = the caller's own gallery. */
export const libraryDocumentsBody = z.object({ operatorId: idSchema.nullable().optional() });
export type LibraryDocumentsBody = z.infer<typeof libraryDocumentsBody>;

/** Spec §3 Document (id, date, url, rescued) plus the thumbnail and whether the caller may delete it. */
export const documentSchema = z.object({
  id: z.number().int(),
  date: z.iso.datetime(),
  url: z.string(),
  thumbnailUrl: z.string(),
  rescued: z.boolean(),
  width: z.number().int(),
  height: z.number().int(),
  /** Only the caller's own default-library documents that are in no block can be deleted. */
  deletable: z.boolean(),
  /**
   * Additive: a PDF's pages in the gallery are ONE entry (docs/decisions/0340-gallery-pdfs.md): `id`,
   * `url`, `thumbnailUrl`, `width`, `height` are its first page's; `documentIds` every page in page order
   * (a photo: its own id), `pages` how many. Naming `id` in a block sends the whole PDF; deleting it
   * deletes every page.
   */
  kind: z.enum(["photo", "pdf"]),
  pages: z.number().int(),
  documentIds: z.array(z.number().int()),
  /** The file's name on the device that sent it, when it gave one (null otherwise). */
  fileName: z.string().nullable(),
});
export type GalleryDocument = z.infer<typeof documentSchema>;
/** Newest first: documents in no block (rescued ones flagged; the screen's switch hides or shows them). */
export const libraryDocumentsAnswer = z.array(documentSchema);

/** POST /api/document/remove, /api/document/devolved/restore. */
export const documentIdBody = z.object({ documentId: idSchema });
export type DocumentIdBody = z.infer<typeof documentIdBody>;
/** Their answer (additive): the document removed or restored. */
export const documentIdAnswer = z.object({ documentId: z.number().int() });
export type DocumentIdAnswer = z.infer<typeof documentIdAnswer>;

/** Spec §3 Returned document; `date` is the deadline: the return date plus 7 days, 00:00 America/Sao_Paulo. */
export const returnedDocumentSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  thumbnailUrl: z.string(),
  date: z.iso.datetime(),
  name: z.string(),
  /** When the office returned it (additive). */
  devolvedDatetime: z.iso.datetime(),
  /** The office's reason for returning its block, when it gave one (additive). */
  devolveReason: z.string().nullable(),
});
export type ReturnedDocument = z.infer<typeof returnedDocumentSchema>;
/** GET /api/document/devolved: the company's returned documents, soonest deadline first. */
export const returnedDocumentsAnswer = z.array(returnedDocumentSchema);

/** An accounting or client operator shown on a screen (spec §3 sync responses: name, pictureUrl). */
export const screenOperatorSchema = z.object({ name: z.string(), pictureUrl: z.string().nullable() });
export type ScreenOperator = z.infer<typeof screenOperatorSchema>;

/** Spec §3 pendency sync response: the open count and the company's operators on the pendency screen. */
export const pendencySyncAnswer = z.object({
  pendencyNumber: z.number().int(),
  operators: z.array(screenOperatorSchema),
});
export type PendencySyncAnswer = z.infer<typeof pendencySyncAnswer>;

/**
 * POST /api/pendency/tosolve {next, pendencyId?}: the head of the company's queue. With next true and the
 * pendencyId on screen, that pendency first moves to the end of the queue (a pendencyId that is no longer
 * the head still moves; an unknown or solved one is ignored), for everyone.
 */
export const pendencyToSolveBody = z
  .object({
    next: z.boolean().optional(),
    pendencyId: idSchema.optional(),
    /** Show this open pendency of the company instead of the head (chosen from `queue`); not open: the head. */
    open: idSchema.optional(),
    /** Show the open pendency of this block of the company (a WhatsApp message's link names the block). */
    openBlock: idSchema.optional(),
  })
  // No payload (a GET, spec §7): the call without fields.
  .default({});
export type PendencyToSolveBody = z.infer<typeof pendencyToSolveBody>;

/** A document of the pending block (its id is what removedDocuments names). */
export const pendingDocumentSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  thumbnailUrl: z.string(),
  /** A PDF's page: the id of the PDF's first page in the block (its pages leave together); absent otherwise. */
  pdf: z.number().int().optional(),
});
export type PendingDocument = z.infer<typeof pendingDocumentSchema>;

/** Spec §3 Pendency (date, issue, observations, documentsUrl) plus id, blockId, the documents and who raised it. */
export const pendencyToSolveSchema = pendencySchema.omit({ solvedDatetime: true }).extend({
  documents: z.array(pendingDocumentSchema),
  createdBy: screenOperatorSchema.nullable(),
});
export type PendencyToSolve = z.infer<typeof pendencyToSolveSchema>;
/** An open pendency of the company as the screen's list shows it, in queue order. */
export const queuedPendencySchema = z.object({ id: z.number().int(), date: z.string(), issue: z.number().int() });
export type QueuedPendency = z.infer<typeof queuedPendencySchema>;

export const pendencyToSolveAnswer = z.object({
  pendency: pendencyToSolveSchema.nullable(),
  pendencyNumber: z.number().int(),
  /** Every open pendency of the company, in queue order (the screen's list to open any of them). */
  queue: z.array(queuedPendencySchema),
});
export type PendencyToSolveAnswer = z.infer<typeof pendencyToSolveAnswer>;

/**
 * POST /api/pendency/solve: the spec's {documents, removedDocuments} plus the pendencyId it solves.
 * documents: new photos and gallery documents added to the block; removedDocuments: ids of the block's
 * documents taken out (they return to their sender's gallery as rescued). The block keeps at most 13.
 */
/**
 * The spec's /api/pendency/solve has no payload: without `pendencyId` the pendency solved is the one the
 * caller's latest /api/pendency/tosolve answered; without documents, the block's stay as they are.
 */
export const pendencySolveBody = z.object({
  pendencyId: idSchema.optional(),
  documents: z.array(blockDocumentInput).max(MAX_BLOCK_IMAGES).default([]),
  removedDocuments: z.array(idSchema).max(MAX_BLOCK_IMAGES).default([]),
});
export type PendencySolveBody = z.infer<typeof pendencySolveBody>;
export const pendencySolveAnswer = z.object({
  pendencyId: z.number().int(),
  blockId: z.number().int(),
  pendencyNumber: z.number().int(),
});

/** POST /api/block/list, business variant (no clientId): the company's blocks plus its open pendencies. */
export const businessBlocksAnswer = clientBlocksAnswer.extend({ pendencyNumber: z.number().int() });
export type BusinessBlocksAnswer = z.infer<typeof businessBlocksAnswer>;
