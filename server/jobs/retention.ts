import "server-only";
import { TIME_ZONE, saoPauloParts } from "@/lib/format/dates";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb, type Db } from "@/server/db/client";
import { getBlobStore, type BlobStore } from "@/server/storage";
import { referencedBlobKeys } from "@/server/storage/blob-references";
import { deleteBlobs } from "@/server/storage/delete-blobs";

export type RetentionOptions = { now?: Date; db?: Db; store?: BlobStore; batchSize?: number };
export type RetentionResult = { runId: number; documents: number; blobs: number; blobFailures: number };

type ExpiredRow = {
  id: number;
  client_id: number;
  office_id: number;
  display_key: string | null;
  thumb_key: string | null;
  source_key: string | null;
};

/**
 * The retention-delete job (docs/decisions/0310-retention.md): the files of every document whose
 * retention ended (lib/privacy/retention.ts: 1 January of Y + N + 2 in São Paulo, N the office's
 * 'Política de retenção') are deleted. The document row stays with its keys null and files_deleted_at
 * set, and so do its block (the posting), its findings, exports and every audit event: the books and
 * their history are intact, only the pictures and source files go. Not touched: a client under
 * 'Suspender exclusão', a document the office returned (its own 7-day rule, returned-documents.ts),
 * a document in no block (the company's gallery) and one of an undone send. Each batch is one
 * transaction with one audit event per client (document.retention); the blobs go after the commit (one
 * that fails is an orphan the orphan sweep removes). Every run is a retention_runs row.
 */
export async function deleteRetainedFiles(options: RetentionOptions = {}): Promise<RetentionResult> {
  const { now = new Date(), db = getDb(), store = getBlobStore(), batchSize = 200 } = options;
  const year = saoPauloParts(now).year;
  const run = await db.retentionRun.create({ data: { startedAt: now, year }, select: { id: true } });
  const result: RetentionResult = { runId: run.id, documents: 0, blobs: 0, blobFailures: 0 };
  for (;;) {
    const rows = await expireBatch(db, now, year, batchSize, run.id);
    result.documents += rows.length;
    const keys = [
      ...new Set(
        rows.flatMap((row) => [row.display_key, row.thumb_key, row.source_key]).filter((k): k is string => k !== null),
      ),
    ];
    // A key another row still names (a PDF's other pages, kept for now) stays.
    const kept = await referencedBlobKeys(db, keys);
    const outcome = await deleteBlobs(
      store,
      keys.filter((key) => !kept.has(key)),
    );
    result.blobs += outcome.deleted;
    result.blobFailures += outcome.failed;
    if (rows.length < batchSize) break;
  }
  await db.retentionRun.update({
    where: { id: run.id },
    data: {
      finishedAt: new Date(),
      documents: result.documents,
      blobs: result.blobs,
      blobFailures: result.blobFailures,
    },
  });
  return result;
}

// SKIP LOCKED: a document a request holds right now is left for the next run.
function expireBatch(db: Db, now: Date, year: number, batchSize: number, runId: number): Promise<ExpiredRow[]> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<ExpiredRow[]>`
      UPDATE documents d
         SET display_key = NULL, thumb_key = NULL, source_key = NULL, files_deleted_at = ${now},
             read_at = COALESCE(d.read_at, ${now})
        FROM (
          SELECT d.id, c.office_id, d.display_key, d.thumb_key, d.source_key
            FROM documents d
            JOIN blocks b ON b.id = d.block_id
            JOIN clients c ON c.id = d.client_id
            JOIN accounting_offices o ON o.id = c.office_id
           WHERE d.files_deleted_at IS NULL
             AND (d.display_key IS NOT NULL OR d.thumb_key IS NOT NULL OR d.source_key IS NOT NULL)
             AND c.retention_hold_at IS NULL
             AND b.undone_at IS NULL
             AND (d.devolved_at IS NULL OR (d.restored_at IS NOT NULL AND d.restored_at >= d.devolved_at))
             AND (CASE WHEN b.contabilized_at IS NOT NULL AND b.payment_date IS NOT NULL
                       THEN EXTRACT(YEAR FROM b.payment_date)
                       ELSE EXTRACT(YEAR FROM b.sent_at AT TIME ZONE ${TIME_ZONE}) END)::int
                 + o.retention_years + 2 <= ${year}
           ORDER BY d.id
           LIMIT ${batchSize}
             FOR UPDATE OF d SKIP LOCKED) old
       WHERE d.id = old.id
      RETURNING d.id, d.client_id, old.office_id, old.display_key, old.thumb_key, old.source_key`;
    const byClient = new Map<number, ExpiredRow[]>();
    for (const row of rows) byClient.set(row.client_id, [...(byClient.get(row.client_id) ?? []), row]);
    for (const [clientId, documents] of byClient) {
      await writeAuditEvent(
        {
          clientId,
          officeId: documents[0]!.office_id,
          action: "document.retention",
          targetType: "client",
          targetId: clientId,
          data: { runId, documentIds: documents.map((row) => row.id) },
        },
        tx,
      );
    }
    return rows;
  });
}
