import "server-only";
import type { DocumentIdAnswer, DocumentIdBody } from "@/lib/contract/business";
import { returnedDocumentsExpiredBefore } from "@/lib/format/deadline";
import { messages } from "@/lib/i18n/messages";
import { businessCaller } from "@/server/policy/business-caller";
import { getDb, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { companyDocumentsOf } from "@/server/policy/scopes";
import { ownRecentDocumentEvent, writeDocumentEvent } from "./document-event";

const { api } = messages.business;

/** The document is back in a gallery (restored, in no block) and the caller restored it moments ago. */
async function restoredByCaller(tx: Tx, actor: Actor, clientId: number, documentId: number): Promise<boolean> {
  const doc = await tx.document.findFirst({
    where: { id: documentId, clientId, devolvedAt: null, restoredAt: { not: null }, deletedAt: null },
    select: { id: true },
  });
  return doc !== null && ownRecentDocumentEvent(tx, actor, clientId, "document.restore", documentId);
}

/**
 * POST /api/document/devolved/restore {documentId}: a document the office returned leaves Devolvidos and
 * goes back to the gallery of the operator who uploaded it, flagged rescued (devolvedAt null, restoredAt
 * now, rescued, out of its devolved block). Any operator of the company may restore (Devolvidos is the
 * company's list); when the uploader is gone (removed from the company) it goes to the caller's gallery.
 * Not found (404): another company's, one not returned (restored already: a second restore is 404), and
 * one past its deadline (the deletion job is about to take it). One conditional UPDATE decides between
 * two parallel restores; the audit event commits with it. The caller's own restore sent again moments
 * later (a double click) answers as done (restoredByCaller); anyone else's second restore stays 404.
 */
export async function restoreDocument({
  actor,
  body,
}: {
  actor: Actor;
  body: DocumentIdBody;
}): Promise<DocumentIdAnswer> {
  const me = businessCaller(actor);
  return getDb().$transaction(async (tx) => {
    const now = new Date();
    const returned = { devolvedAt: { not: null, gte: returnedDocumentsExpiredBefore(now) } };
    const doc = await tx.document.findFirst({
      where: { AND: [{ id: body.documentId }, companyDocumentsOf(actor)], ...returned },
      select: { id: true, clientId: true, uploadedById: true, library: true, blockId: true },
    });
    if (!doc) {
      if (await restoredByCaller(tx, actor, me.clientId, body.documentId)) return { documentId: body.documentId };
      throw new AppError("not_found", api.documentNotFound);
    }
    assertCan(actor, "document.restore", { ...doc, devolved: true });
    const owner = doc.uploadedById ?? me.operatorId;
    const written = await tx.document.updateMany({
      where: { AND: [companyDocumentsOf(actor)], id: doc.id, ...returned },
      data: { devolvedAt: null, restoredAt: now, rescued: true, blockId: null, uploadedById: owner },
    });
    if (written.count === 0) {
      if (await restoredByCaller(tx, actor, me.clientId, doc.id)) return { documentId: doc.id };
      throw new AppError("not_found", api.documentNotFound);
    }
    await writeDocumentEvent(tx, actor, me, "document.restore", doc.id, { blockId: doc.blockId, galleryOf: owner });
    return { documentId: doc.id };
  });
}
