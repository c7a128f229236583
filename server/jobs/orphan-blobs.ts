import "server-only";
import { getDb, type Db } from "@/server/db/client";
import { getBlobStore, type BlobStore } from "@/server/storage";
import { referencedBlobKeys } from "@/server/storage/blob-references";
import { deleteBlobs } from "@/server/storage/delete-blobs";

/**
 * A blob younger than this is never swept: an upload writes its blobs before the transaction that
 * names them commits (server/documents/replace-picture.ts, block creation), and that can take a while on a
 * slow phone connection. An hour is far beyond any request.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

export type OrphanSweepOptions = { now?: Date; graceMs?: number; store?: BlobStore; db?: Db; batchSize?: number };
export type OrphanSweepResult = {
  listed: number;
  checked: number;
  deleted: number;
  failed: number;
  /** Temporary files of interrupted writes removed (BlobStore.sweepTemporary). */
  temporary: number;
};

/**
 * The orphan-blobs-sweep job (daily): walks the blob store and deletes every blob older than the grace
 * period that no row names (server/storage/blob-references.ts) — what a failed delete after a commit, a
 * crash between an upload and its commit, or a deleted row left behind; and the temporary files of
 * writes interrupted before their rename. Keys are checked against the
 * database in batches, so memory stays flat however big the store is.
 */
export async function sweepOrphanBlobs(options: OrphanSweepOptions = {}): Promise<OrphanSweepResult> {
  const {
    now = new Date(),
    graceMs = ORPHAN_GRACE_MS,
    store = getBlobStore(),
    db = getDb(),
    batchSize = 500,
  } = options;
  const cutoff = now.getTime() - graceMs;
  const result: OrphanSweepResult = { listed: 0, checked: 0, deleted: 0, failed: 0, temporary: 0 };
  let batch: string[] = [];
  const flush = async () => {
    const referenced = await referencedBlobKeys(db, batch);
    const outcome = await deleteBlobs(
      store,
      batch.filter((key) => !referenced.has(key)),
    );
    result.checked += batch.length;
    result.deleted += outcome.deleted;
    result.failed += outcome.failed;
    batch = [];
  };
  for await (const blob of store.list()) {
    result.listed += 1;
    if (blob.modifiedAt.getTime() > cutoff) continue;
    batch.push(blob.key);
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length > 0) await flush();
  // A write interrupted before its rename (the process killed mid-upload) leaves a temporary file that
  // is not a blob, so the walk above never lists it; past the same grace period it is removed too.
  result.temporary = await store.sweepTemporary(new Date(cutoff));
  return result;
}
