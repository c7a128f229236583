import "server-only";
import { returnedDocumentsExpiredBefore } from "@/lib/format/deadline";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb, type Db } from "@/server/db/client";
import { getBlobStore, type BlobStore } from "@/server/storage";
import { referencedBlobKeys } from "@/server/storage/blob-references";
import { deleteBlobs } from "@/server/storage/delete-blobs";

export type ReturnedDocumentsOptions = { now?: Date; db?: Db; store?: BlobStore; batchSize?: number };
export type ReturnedDocumentsResult = { documents: number; blobs: number; blobFailures: number };

type DeletedRow = {
  id: number;
  client_id: number;
  office_id: number;
  display_key: string | null;
  thumb_key: string | null;
  source_key: string | null;
};

/**
 * The returned-documents-delete job: every document the office returned whose deadline (00:00 São
 * Paulo of the return day + 7 days, lib/format/deadline.ts) is at or before `now`, and that was not
 * restored since, is deleted — its row, then its blobs. Correct whenever it runs: the daily run at
 * 00:00, the catch-up at start, a retry or a run a week late all delete exactly what is past due.
 * Rows go in batches, each batch one transaction with one audit event per company; the blobs are
 * deleted after the commit (a blob that fails to go is an orphan the orphan sweep removes later).
 */
export async function deleteExpiredReturnedDocuments(
  options: ReturnedDocumentsOptions = {},
): Promise<ReturnedDocumentsResult> {
  const { now = new Date(), db = getDb(), store = getBlobStore(), batchSize = 200 } = options;
  const cutoff = returnedDocumentsExpiredBefore(now);
  const result: ReturnedDocumentsResult = { documents: 0, blobs: 0, blobFailures: 0 };
  for (;;) {
    const rows = await deleteBatch(db, cutoff, batchSize);
    result.documents += rows.length;
    const keys = rows
      .flatMap((row) => [row.display_key, row.thumb_key, row.source_key])
      .filter((key): key is string => key !== null);
    // Defence in depth: a key some other row still names is kept.
    const kept = await referencedBlobKeys(db, keys);
    const outcome = await deleteBlobs(
      store,
      keys.filter((key) => !kept.has(key)),
    );
    result.blobs += outcome.deleted;
    result.blobFailures += outcome.failed;
    if (rows.length < batchSize) return result;
  }
}

// A returned document is still returned when it was not restored after its (last) return. SKIP LOCKED:
// a row a request is working on right now (restore, delete) is left for the next run. Oldest return
// first: the order documents_returned_devolved_at_idx holds them in. (By id, PostgreSQL sometimes
// walked the primary key through every document instead, as a full CI run's statistics once chose.)
function deleteBatch(db: Db, cutoff: Date, batchSize: number): Promise<DeletedRow[]> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<DeletedRow[]>`
      DELETE FROM documents d
      USING clients c
      WHERE c.id = d.client_id
        AND d.id IN (
          SELECT id FROM documents
          WHERE devolved_at < ${cutoff} AND (restored_at IS NULL OR restored_at < devolved_at)
          ORDER BY devolved_at
          LIMIT ${batchSize}
          FOR UPDATE SKIP LOCKED)
      RETURNING d.id, d.client_id, c.office_id, d.display_key, d.thumb_key, d.source_key`;
    const byClient = new Map<number, DeletedRow[]>();
    for (const row of rows) byClient.set(row.client_id, [...(byClient.get(row.client_id) ?? []), row]);
    for (const [clientId, documents] of byClient) {
      await writeAuditEvent(
        {
          clientId,
          officeId: documents[0]!.office_id,
          action: "document.expire",
          targetType: "client",
          targetId: clientId,
          data: { documentIds: documents.map((row) => row.id) },
        },
        tx,
      );
    }
    return rows;
  });
}
