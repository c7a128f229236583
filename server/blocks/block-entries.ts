import "server-only";
import { createHash } from "node:crypto";
import { isNewPhoto, type BlockDocumentInput } from "@/lib/contract/business";
import { messages } from "@/lib/i18n/messages";
import type { Db, Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor, BusinessMembership } from "@/server/policy/actor";
import { galleryDocumentsOf } from "@/server/policy/scopes";
import type { IngestedPhoto, PhotoEntry } from "@/server/documents/ingest";

// A block's document list as the business platform sends it (block/create, pendency/solve): new photos
// {id: <client id>, base64url} and gallery documents {id: <document id>}.

/**
 * `galleryPositions[i]` is the 1-based place in the body of `galleryIds[i]`; each photo carries its own
 * (`position`): the block keeps the body's order (docs/decisions/0020-block-document-order.md).
 */
export type ResolvedEntries = {
  photos: PhotoEntry[];
  galleryIds: number[];
  galleryPositions: number[];
  /** Parallel to galleryIds: a PDF's page, its place among its PDF's pages sent (null for anything else). */
  galleryPages: (number | null)[];
};

/**
 * The idempotency key of a send (blocks.send_key): who sends, and which photos and gallery documents,
 * whatever their order. A retried send carries the same client ids, so it finds the block the first try
 * made; two operators' sends never share a key.
 */
export function sendKeyOf(me: BusinessMembership, entries: readonly BlockDocumentInput[]): string {
  const ids = entries.map((entry) => (isNewPhoto(entry) ? `n:${entry.id}` : `g:${entry.id}`)).sort();
  return createHash("sha256")
    .update([`operator:${me.operatorId}`, ...ids].join("\n"))
    .digest("hex");
}

type EntryDocument = { id: number; uploadedById: number | null; sourceKey: string | null; sourcePage: number | null };

const entrySelect = { id: true, uploadedById: true, sourceKey: true, sourcePage: true } as const;

/** A PDF's page: its PDF in its uploader's gallery (`<uploader>|<source_key>`); null for anything else. */
const pdfOf = (doc: EntryDocument): string | null =>
  doc.sourcePage !== null && doc.sourceKey !== null ? `${doc.uploadedById}|${doc.sourceKey}` : null;

/**
 * Splits the entries into photos to ingest and gallery documents to move, checking what can be checked
 * before any image is decoded. A new photo whose client id already names a document of the company
 * (documents.client_ref) is not decoded again: when it is the caller's own, in no block and not returned,
 * it is that gallery document (a send retried after its first block was undone); otherwise it is 409
 * 'Esta imagem já foi enviada em outro bloco.'. Gallery documents must be in a gallery the caller may use
 * (its own or a sharing colleague's), in no block: anything else is 404. A PDF's page, however named,
 * brings every page of its PDF in that gallery, in page order, at its entry's place: a PDF is one entry
 * (docs/decisions/0340-gallery-pdfs.md); a PDF named by several of its pages is one entry, at the first
 * place that names it. The same document named twice is 400. `path` names a body entry.
 */
export async function resolveEntries(
  db: Db | Tx,
  actor: Actor,
  me: BusinessMembership,
  entries: readonly BlockDocumentInput[],
  path: (index: number) => string,
): Promise<ResolvedEntries> {
  const refs = entries.filter(isNewPhoto).map((entry) => entry.id);
  const named = entries.flatMap((entry) => (isNewPhoto(entry) ? [] : [entry.id]));
  const [known, gallery] = await Promise.all([
    refs.length
      ? db.document.findMany({
          where: { clientId: me.clientId, clientRef: { in: refs } },
          select: { ...entrySelect, clientRef: true, blockId: true, devolvedAt: true, deletedAt: true },
        })
      : [],
    named.length
      ? db.document.findMany({
          where: { AND: [{ id: { in: named } }, galleryDocumentsOf(actor)] },
          select: entrySelect,
        })
      : [],
  ]);
  if (gallery.length !== new Set(named).size)
    throw new AppError("not_found", messages.business.api.galleryDocumentNotFound);
  const knownByRef = new Map(known.map((doc) => [doc.clientRef, doc]));
  const galleryById = new Map(gallery.map((doc) => [doc.id, doc]));
  const reusable = (doc: (typeof known)[number]) =>
    doc.uploadedById === me.operatorId && doc.blockId === null && !doc.devolvedAt && !doc.deletedAt;
  const pdfPages = await galleryPdfPages(db, actor, me, [...known.filter(reusable), ...gallery]);
  const photos: PhotoEntry[] = [];
  const galleryIds: number[] = [];
  const galleryPositions: number[] = [];
  const galleryPages: (number | null)[] = [];
  const namedOnce = new Set<number>();
  const placedPdfs = new Set<string>();
  entries.forEach((entry, index) => {
    let doc: EntryDocument;
    if (isNewPhoto(entry)) {
      const found = knownByRef.get(entry.id);
      if (!found) return void photos.push({ photo: entry, path: `${path(index)}.base64url`, position: index + 1 });
      if (!reusable(found))
        throw new AppError("conflict", messages.business.api.photoAlreadySent, {
          fields: [{ path: path(index), message: messages.business.api.photoAlreadySent }],
        });
      doc = found;
    } else doc = galleryById.get(entry.id)!;
    if (namedOnce.has(doc.id)) throw new AppError("invalid_input", messages.validation.invalidId);
    namedOnce.add(doc.id);
    const pdf = pdfOf(doc);
    if (pdf !== null && placedPdfs.has(pdf)) return; // already placed whole, by another of its pages
    if (pdf !== null) placedPdfs.add(pdf);
    const pages = pdf === null ? [doc] : (pdfPages.get(pdf) ?? [doc]);
    pages.forEach((page, at) => {
      galleryIds.push(page.id);
      galleryPositions.push(index + 1);
      galleryPages.push(pdf === null ? null : at + 1);
    });
  });
  return { photos, galleryIds, galleryPositions, galleryPages };
}

/**
 * Every page, in page order, of the PDFs `docs` are pages of, still in their uploader's gallery (which the
 * caller may use), by PDF (pdfOf). One statement, none when no PDF is named.
 */
async function galleryPdfPages(
  db: Db | Tx,
  actor: Actor,
  me: BusinessMembership,
  docs: readonly EntryDocument[],
): Promise<Map<string, EntryDocument[]>> {
  const pdfs = docs.filter((doc) => pdfOf(doc) !== null);
  if (pdfs.length === 0) return new Map();
  const pages = await db.document.findMany({
    where: {
      AND: [
        {
          clientId: me.clientId,
          sourceKey: { in: [...new Set(pdfs.map((doc) => doc.sourceKey!))] },
          uploadedById: { in: [...new Set(pdfs.map((doc) => doc.uploadedById!))] },
          sourcePage: { not: null },
        },
        galleryDocumentsOf(actor),
      ],
    },
    select: entrySelect,
    orderBy: [{ sourcePage: "asc" }, { id: "asc" }],
  });
  const byPdf = new Map<string, EntryDocument[]>();
  for (const page of pages) byPdf.set(pdfOf(page)!, [...(byPdf.get(pdfOf(page)!) ?? []), page]);
  return byPdf;
}

/**
 * Inside the write's transaction: moves the gallery documents into the block with one conditional
 * UPDATE (still in no block, still in a usable gallery). Of two sends racing for one document, the
 * second finds fewer rows than it asked for and answers 404; its transaction rolls back. Then one
 * UPDATE gives each its place: `offset` plus its place in the body (`positions`, parallel to `ids`).
 */
export async function moveGalleryDocuments(
  tx: Tx,
  actor: Actor,
  blockId: number,
  ids: readonly number[],
  positions: readonly number[],
  offset = 0,
): Promise<void> {
  if (ids.length === 0) return;
  const moved = await tx.document.updateMany({
    where: { AND: [{ id: { in: [...ids] } }, galleryDocumentsOf(actor)] },
    data: { blockId },
  });
  if (moved.count !== ids.length) throw new AppError("not_found", messages.business.api.galleryDocumentNotFound);
  await tx.$executeRaw`
    UPDATE documents AS d SET position = placed.position + ${offset}::int
      FROM unnest(${[...ids]}::int[], ${[...positions]}::int[]) AS placed(id, position)
     WHERE d.id = placed.id AND d.block_id = ${blockId}`;
}

/**
 * The block's places of a request's entries once its PDFs are drawn: each entry takes one place, a PDF
 * one per page, consecutive, in the body's order (`entries`: how many the body has). Gallery documents'
 * places come back parallel to `galleryPositions`, the photos and pages with their `position` set.
 */
export function placeEntries(
  entries: number,
  gallery: Pick<ResolvedEntries, "galleryPositions" | "galleryPages">,
  photos: readonly IngestedPhoto[],
): { galleryPositions: number[]; photos: IngestedPhoto[] } {
  // An entry that brings nothing (a PDF already placed by another of its pages) takes no place.
  const size = new Array<number>(entries + 2).fill(0);
  const grow = (position: number, page: number | null) => (size[position] = Math.max(size[position]!, page ?? 1));
  for (const photo of photos) grow(photo.position, photo.sourcePage);
  gallery.galleryPositions.forEach((position, index) => grow(position, gallery.galleryPages[index] ?? null));
  const first = new Array<number>(entries + 2).fill(1);
  for (let position = 2; position <= entries + 1; position += 1)
    first[position] = first[position - 1]! + size[position - 1]!;
  return {
    galleryPositions: gallery.galleryPositions.map(
      (position, index) => first[position]! + (gallery.galleryPages[index] ?? 1) - 1,
    ),
    photos: photos.map((photo) => ({ ...photo, position: first[photo.position]! + (photo.sourcePage ?? 1) - 1 })),
  };
}

/**
 * Inside the write's transaction: the rows of the ingested photos (and PDF pages), uploaded by the
 * caller, in the block, each at `offset` plus its place (placeEntries). Answers the new documents' ids.
 */
export async function insertPhotoDocuments(
  tx: Tx,
  me: BusinessMembership,
  blockId: number,
  photos: readonly IngestedPhoto[],
  now: Date,
  offset = 0,
): Promise<number[]> {
  if (photos.length === 0) return [];
  const rows = await tx.document.createManyAndReturn({
    data: photos.map((photo) => ({
      ...photo,
      position: offset + photo.position,
      clientId: me.clientId,
      blockId,
      uploadedById: me.operatorId,
      createdAt: now,
    })),
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

/**
 * A block's entries as the 13-document limit counts them: a photo, a gallery document or a whole PDF
 * (its pages name one source_key) is one; `except` leaves documents out (those being taken out).
 */
export async function blockEntryCount(db: Db | Tx, blockId: number, except: readonly number[] = []): Promise<number> {
  const [row] = await db.$queryRaw<{ count: number }[]>`
    SELECT COUNT(DISTINCT CASE WHEN source_page IS NULL THEN id::text ELSE source_key END)::int AS count
      FROM documents
     WHERE block_id = ${blockId} AND deleted_at IS NULL AND NOT (id = ANY(${[...except]}::int[]))`;
  return row?.count ?? 0;
}
