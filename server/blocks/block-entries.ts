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
  /** Parallel to galleryIds: the page of a PDF sent before (null for anything else). */
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

/**
 * Splits the entries into photos to ingest and gallery documents to move, checking what can be checked
 * before any image is decoded. A new photo whose client id already names a document of the company
 * (documents.client_ref) is not decoded again: when it is the caller's own, in no block and not returned,
 * it is that gallery document (a send retried after its first block was undone); otherwise it is 409
 * 'Esta imagem já foi enviada em outro bloco.'. Gallery documents must be in a gallery the caller may use
 * (its own or a sharing colleague's), in no block: anything else is 404. `path` names a body entry.
 */
export async function resolveEntries(
  db: Db | Tx,
  actor: Actor,
  me: BusinessMembership,
  entries: readonly BlockDocumentInput[],
  path: (index: number) => string,
): Promise<ResolvedEntries> {
  const refs = entries.filter(isNewPhoto).map((entry) => entry.id);
  const known = refs.length
    ? await db.document.findMany({
        where: { clientId: me.clientId, clientRef: { in: refs } },
        select: {
          id: true,
          clientRef: true,
          uploadedById: true,
          blockId: true,
          devolvedAt: true,
          deletedAt: true,
          sourceKey: true,
          sourcePage: true,
        },
      })
    : [];
  const knownByRef = new Map(known.map((doc) => [doc.clientRef, doc]));
  const otherPages = await pagesBesides(db, me, known);
  const photos: PhotoEntry[] = [];
  const galleryIds: number[] = [];
  const galleryPositions: number[] = [];
  const galleryPages: (number | null)[] = [];
  entries.forEach((entry, index) => {
    if (!isNewPhoto(entry))
      return void (galleryIds.push(entry.id), galleryPositions.push(index + 1), galleryPages.push(null));
    const doc = knownByRef.get(entry.id);
    if (!doc) return void photos.push({ photo: entry, path: `${path(index)}.base64url`, position: index + 1 });
    const reusable = doc.uploadedById === me.operatorId && doc.blockId === null && !doc.devolvedAt && !doc.deletedAt;
    if (!reusable)
      throw new AppError("conflict", messages.business.api.photoAlreadySent, {
        fields: [{ path: path(index), message: messages.business.api.photoAlreadySent }],
      });
    // A PDF sent before comes back whole: the page the id names and its other pages.
    for (const page of [doc, ...(doc.sourceKey ? (otherPages.get(doc.sourceKey) ?? []) : [])]) {
      galleryIds.push(page.id);
      galleryPositions.push(index + 1);
      galleryPages.push(page.sourcePage);
    }
  });
  if (new Set(galleryIds).size !== galleryIds.length)
    throw new AppError("invalid_input", messages.validation.invalidId);
  await assertGalleryDocuments(db, actor, galleryIds);
  return { photos, galleryIds, galleryPositions, galleryPages };
}

/** The caller's gallery pages of the PDFs among `known` besides the ones found, by PDF, in page order. */
async function pagesBesides(
  db: Db | Tx,
  me: BusinessMembership,
  known: readonly { id: number; sourceKey: string | null; sourcePage: number | null }[],
): Promise<Map<string, { id: number; sourcePage: number | null }[]>> {
  const pdfs = known.filter((doc) => doc.sourcePage !== null && doc.sourceKey !== null);
  if (pdfs.length === 0) return new Map();
  const pages = await db.document.findMany({
    where: {
      clientId: me.clientId,
      sourceKey: { in: pdfs.map((doc) => doc.sourceKey!) },
      id: { notIn: pdfs.map((doc) => doc.id) },
      uploadedById: me.operatorId,
      blockId: null,
      devolvedAt: null,
      deletedAt: null,
    },
    select: { id: true, sourceKey: true, sourcePage: true },
    orderBy: { sourcePage: "asc" },
  });
  const byPdf = new Map<string, { id: number; sourcePage: number | null }[]>();
  for (const page of pages) byPdf.set(page.sourceKey!, [...(byPdf.get(page.sourceKey!) ?? []), page]);
  return byPdf;
}

async function assertGalleryDocuments(db: Db | Tx, actor: Actor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.document.count({ where: { AND: [{ id: { in: ids } }, galleryDocumentsOf(actor)] } });
  if (found !== ids.length) throw new AppError("not_found", messages.business.api.galleryDocumentNotFound);
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
  const size = new Array<number>(entries + 2).fill(1);
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
