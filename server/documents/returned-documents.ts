import "server-only";
import type { ReturnedDocument } from "@/lib/contract/business";
import { returnedDocumentDeadline, returnedDocumentsExpiredBefore } from "@/lib/format/deadline";
import { formatDate } from "@/lib/format/dates";
import { messages } from "@/lib/i18n/messages";
import { getDb } from "@/server/db/client";
import { documentImageUrl } from "./signed-url";
import type { Actor } from "@/server/policy/actor";
import { businessCaller } from "@/server/policy/business-caller";

type ReturnedRow = {
  id: number;
  displayKey: string | null;
  thumbKey: string | null;
  devolvedAt: Date;
  originalName: string | null;
  createdAt: Date;
  devolveReason: string | null;
};

/**
 * A returned document's `name`: the file name the client's device gave the photo, else 'Documento de
 * dd/mm/aaaa' (the day it was sent). Never the storage key the spec's "last path segment of the url"
 * would show (docs/decisions/0022-returned-document-name-and-reason.md).
 */
export function documentName(doc: { originalName: string | null; createdAt: Date }): string {
  return doc.originalName ?? messages.business.devolved.documentOf(formatDate(doc.createdAt));
}

/**
 * GET /api/document/devolved: the documents the office returned to the company (documents.devolved_at
 * set when it devolved their block), not restored and not deleted, whoever of the company sent them.
 * `date` is the deadline (lib/format/deadline.ts); a document already past it is left out even before
 * the deletion job removes it. Soonest deadline first, which is the earliest return first. One statement
 * on (client_id, devolved_at).
 */
export async function listReturnedDocuments({ actor }: { actor: Actor }): Promise<ReturnedDocument[]> {
  const me = businessCaller(actor);
  // One statement: the documents on (client_id, devolved_at), each block's reason by its primary key.
  const rows = await getDb().$queryRaw<ReturnedRow[]>`
    SELECT d.id, d.display_key AS "displayKey", d.thumb_key AS "thumbKey", d.devolved_at AS "devolvedAt",
           d.original_name AS "originalName", d.created_at AS "createdAt", b.devolve_reason AS "devolveReason"
      FROM documents d
      LEFT JOIN blocks b ON b.id = d.block_id
     WHERE d.client_id = ${me.clientId} AND d.devolved_at IS NOT NULL AND d.devolved_at >=
       ${returnedDocumentsExpiredBefore()}
       AND d.restored_at IS NULL AND d.deleted_at IS NULL
     ORDER BY d.devolved_at, d.id`;
  return rows.map((row) => {
    const devolvedAt = row.devolvedAt;
    const url = documentImageUrl(row.displayKey);
    return {
      id: row.id,
      url,
      thumbnailUrl: documentImageUrl(row.thumbKey),
      date: returnedDocumentDeadline(devolvedAt).toISOString(),
      name: documentName(row),
      devolvedDatetime: devolvedAt.toISOString(),
      devolveReason: row.devolveReason,
    };
  });
}
