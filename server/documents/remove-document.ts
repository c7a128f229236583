import "server-only";
import type { DocumentIdAnswer, DocumentIdBody } from "@/lib/contract/business";
import { messages } from "@/lib/i18n/messages";
import { businessCaller } from "@/server/policy/business-caller";
import { getDb, type Tx } from "@/server/db/client";
import { deleteDocumentBlobs, deleteUnreferencedBlobs } from "./document-blobs";
import { ownRecentDocumentEvent, writeDocumentEvent } from "./document-event";
import { AppError } from "@/server/errors";
import type { Actor, BusinessMembership } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { companyDocumentsOf } from "@/server/policy/scopes";
import { getBlobStore } from "@/server/storage";

const { api } = messages.business;

const removeSelect = {
  id: true,
  clientId: true,
  uploadedById: true,
  library: true,
  blockId: true,
  devolvedAt: true,
  displayKey: true,
  thumbKey: true,
  sourceKey: true,
  sourcePage: true,
  block: { select: { pendencies: { where: { solvedAt: null }, select: { id: true }, take: 1 } } },
} as const;

async function loadRemovable(tx: Tx, actor: Actor, documentId: number) {
  const doc = await tx.document.findFirst({
    where: { AND: [{ id: documentId }, companyDocumentsOf(actor)] },
    select: removeSelect,
  });
  if (!doc) throw new AppError("not_found", api.documentNotFound);
  const devolved = doc.devolvedAt !== null;
  assertCan(actor, "document.remove", { ...doc, devolved }, api.notDefaultLibrary);
  if (!devolved && doc.blockId !== null) {
    throw new AppError("conflict", doc.block?.pendencies.length ? api.documentInPendingBlock : api.documentInBlock);
  }
  return { ...doc, devolved };
}

/**
 * What deleting a gallery document deletes: a PDF's page in its uploader's gallery brings every page of
 * its PDF still there (the gallery shows them as one entry: docs/decisions/0340-gallery-pdfs.md); anything
 * else, a returned page included (Devolvidos lists each), is itself alone.
 */
async function galleryPdfPages(
  tx: Tx,
  doc: { id: number; clientId: number; uploadedById: number | null; library: string } & {
    devolved: boolean;
    sourceKey: string | null;
    sourcePage: number | null;
    displayKey: string | null;
    thumbKey: string | null;
  },
): Promise<{ id: number; displayKey: string | null; thumbKey: string | null }[]> {
  if (doc.devolved || doc.sourcePage === null || doc.sourceKey === null || doc.uploadedById === null) return [doc];
  const pages = await tx.document.findMany({
    where: {
      clientId: doc.clientId,
      uploadedById: doc.uploadedById,
      library: doc.library,
      sourceKey: doc.sourceKey,
      sourcePage: { not: null },
      blockId: null,
      devolvedAt: null,
      deletedAt: null,
    },
    select: { id: true, displayKey: true, thumbKey: true },
    orderBy: [{ sourcePage: "asc" }, { id: "asc" }],
  });
  return pages.some((page) => page.id === doc.id) ? pages : [doc, ...pages];
}

/** The document is gone and the caller removed it moments ago. */
async function removedByCaller(tx: Tx, actor: Actor, me: BusinessMembership, documentId: number): Promise<boolean> {
  const exists = await tx.document.findUnique({ where: { id: documentId }, select: { id: true } });
  return !exists && ownRecentDocumentEvent(tx, actor, me.clientId, "document.remove", documentId);
}

/**
 * POST /api/document/remove {documentId}: deletes a document for good (spec §5 'Esta acao removera o
 * documento permanentemente') — a PDF's page in the gallery with every page of its PDF there (one entry).
 * Allowed: the caller's own default-library document in no block (the gallery's Excluir), or a document the
 * office returned, by any operator of the company (Devolvidos). Another company's or an unknown document is
 * 404; a colleague's gallery document 403; one in a block 409 (with its own message when the block waits on
 * a pendency: solving it may take the document out). One transaction: the row, re-checked by a conditional
 * DELETE (a send that took the document meanwhile wins: 409), and the audit event; the two pictures are
 * deleted after the commit — one that cannot be is left to the orphan sweep, never failing the answer. The
 * caller's own removal sent again moments later (a double click) answers as done: the row is gone, its
 * audit event tells (recentOwnEvent).
 */
export async function removeDocument({
  actor,
  body,
}: {
  actor: Actor;
  body: DocumentIdBody;
}): Promise<DocumentIdAnswer> {
  const me = businessCaller(actor);
  const removed = await getDb().$transaction(async (tx) => {
    if (await removedByCaller(tx, actor, me, body.documentId)) return null;
    // The caller's own removal racing this one may commit between the check above and this read.
    const doc = await loadRemovable(tx, actor, body.documentId).catch(async (error: unknown) => {
      if (error instanceof AppError && error.code === "not_found") {
        if (await removedByCaller(tx, actor, me, body.documentId)) return null;
      }
      throw error;
    });
    if (doc === null) return null;
    const pages = await galleryPdfPages(tx, doc);
    const ids = pages.map((page) => page.id);
    const deleted = await tx.document.deleteMany({
      where: {
        AND: [companyDocumentsOf(actor)],
        id: { in: ids },
        ...(doc.devolved ? { devolvedAt: { not: null } } : { blockId: null, devolvedAt: null }),
      },
    });
    if (deleted.count === 0) {
      if (await removedByCaller(tx, actor, me, doc.id)) return null;
      await loadRemovable(tx, actor, doc.id); // throws what changed: gone (404), sent in a block (409)
      throw new AppError("conflict", api.documentInBlock);
    }
    // A page of the PDF was sent meanwhile: nothing is deleted (the transaction rolls back).
    if (deleted.count !== ids.length) throw new AppError("conflict", api.documentInBlock);
    for (const id of ids)
      await writeDocumentEvent(tx, actor, me, "document.remove", id, {
        devolved: doc.devolved,
        uploadedById: doc.uploadedById,
        ...(ids.length > 1 ? { pdf: doc.id, pages: ids } : {}),
      });
    return { ...doc, pages };
  });
  if (removed === null) return { documentId: body.documentId };
  const store = getBlobStore();
  await deleteDocumentBlobs(
    store,
    removed.pages.map((page) => ({ displayKey: page.displayKey, thumbKey: page.thumbKey })),
  );
  // A PDF's page: the PDF stays while another of its pages names it.
  if (removed.sourceKey) await deleteUnreferencedBlobs(store, [removed.sourceKey]);
  return { documentId: removed.id };
}
