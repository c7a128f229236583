import "server-only";
import { scopedLogger } from "@/server/log";
import type { BlobStore } from "./blob-store";

const CONCURRENCY = 8;
const log = scopedLogger("storage");

/**
 * Deletes blobs a few at a time. A failure is logged and counted, never thrown: the rows are already
 * gone, and a blob left behind is an orphan the orphan sweep deletes on a later run.
 */
export async function deleteBlobs(
  store: BlobStore,
  keys: readonly string[],
): Promise<{ deleted: number; failed: number }> {
  let deleted = 0;
  let failed = 0;
  for (let i = 0; i < keys.length; i += CONCURRENCY) {
    const results = await Promise.allSettled(keys.slice(i, i + CONCURRENCY).map((key) => store.delete(key)));
    results.forEach((result, j) => {
      if (result.status === "fulfilled") deleted += 1;
      else {
        failed += 1;
        log.error({ err: result.reason, key: keys[i + j] }, "could not delete a blob");
      }
    });
  }
  return { deleted, failed };
}
