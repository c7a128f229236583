import "server-only";
import { scopedLogger } from "@/server/log";
import { documentReadKey, QUEUES, READ_PRIORITY } from "@/server/queue/queues";
import { getJobSender } from "@/server/queue/sender";

const log = scopedLogger("documents");

/**
 * Called after the transaction that stored documents commits: each gets a document-read job ahead of
 * the backfill. The request does not wait for the queue; if this process stops before the send, the
 * document-read sweep finds the documents by their null read_at. A document sent twice is read once
 * (one waiting job per document; the job skips a document already read).
 */
export function scheduleDocumentReads(documentIds: readonly number[]): void {
  if (documentIds.length === 0) return;
  void getJobSender()
    .then((boss) =>
      boss?.insert(
        documentIds.map((documentId) => ({
          name: QUEUES.documentRead,
          data: { documentId },
          singletonKey: documentReadKey(documentId),
          priority: READ_PRIORITY.new,
        })),
      ),
    )
    .catch((error: unknown) => log.error({ err: error }, "could not queue document reads (the sweep will)"));
}
