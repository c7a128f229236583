import "server-only";
import { scopedLogger } from "@/server/log";
import { randomUUID } from "node:crypto";
import type { ProcessedImage } from "@/server/images/types";
import type { BlobStore } from "@/server/storage";
import { getDb } from "@/server/db/client";
import { referencedBlobKeys } from "@/server/storage/blob-references";

// Where a document's two pictures live: one folder per document under its client,
// 'clients/<clientId>/documents/<uuid>/documento-<first 8 of uuid>.webp' and '.../miniatura.webp'. The
// display file's name is what Devolvidos shows (spec §3: the last path segment of the url), so it differs
// per document (documents written before this layout keep 'display.webp'). The product's uploads, the
// demo seed and the test factories all write through here, so the orphan sweep knows one layout.

const log = scopedLogger("documents");

export type DocumentBlobKeys = { displayKey: string; thumbKey: string };
/** Every blob a document row may name: its pictures (none yet for a page not drawn) and the file it came as. */
export type DocumentFiles = { displayKey: string | null; thumbKey: string | null; sourceKey?: string | null };

export function documentBlobKeys(clientId: number, documentUuid: string = randomUUID()): DocumentBlobKeys {
  const base = `clients/${clientId}/documents/${documentUuid}`;
  return {
    displayKey: `${base}/documento-${documentUuid.replace(/-/g, "").slice(0, 8)}.webp`,
    thumbKey: `${base}/miniatura.webp`,
  };
}

/**
 * Where the file a document came as is kept, byte for byte (documents.source_key): an imported XML or a
 * PDF sent in a block, in the folder of its pictures, so the orphan sweep and the deletion of a
 * document's blobs know it.
 */
export function documentSourceKey(
  clientId: number,
  extension: "xml" | "pdf",
  documentUuid: string = randomUUID(),
): string {
  const short = documentUuid.replace(/-/g, "").slice(0, 8);
  return `clients/${clientId}/documents/${documentUuid}/documento-${short}.${extension}`;
}

/** Writes the display picture and thumbnail of a new document under fresh keys. */
export async function storeDocumentImage(
  store: BlobStore,
  clientId: number,
  image: ProcessedImage,
): Promise<DocumentBlobKeys> {
  const keys = documentBlobKeys(clientId);
  try {
    await Promise.all([
      store.put(keys.displayKey, image.display, image.mime),
      store.put(keys.thumbKey, image.thumb, image.mime),
    ]);
  } catch (error) {
    // One of the two may have landed: nothing will ever name it.
    await deleteDocumentBlobs(store, [keys]);
    throw error;
  }
  return keys;
}

/**
 * Deletes documents' pictures, never throwing: called after a commit that removed their rows, or to undo
 * the uploads of a request that failed. A blob that could not be deleted is logged and left to the orphan
 * sweep (no row names it any more), so the caller's answer never waits on storage trouble.
 */
export async function deleteDocumentBlobs(store: BlobStore, documents: readonly DocumentFiles[]): Promise<void> {
  await deleteBlobKeys(
    store,
    documents
      .flatMap((doc) => [doc.displayKey, doc.thumbKey, doc.sourceKey])
      .filter((key): key is string => typeof key === "string"),
  );
}

/** Deletes blobs by key, never throwing (as deleteDocumentBlobs). */
export async function deleteBlobKeys(store: BlobStore, keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      store.delete(key).catch((error: unknown) => log.error({ err: error, key }, "could not delete a blob")),
    ),
  );
}

/**
 * After a transaction that failed: deletes the blobs written for it that no row names. A failure is not
 * always a rollback: a COMMIT that landed but whose answer was lost (the connection cut, the database
 * failing over) arrives as an error too, and then the rows name these blobs. When the database cannot
 * say (it is often the database going away), nothing is deleted: the orphan sweep removes what no row
 * names once it is an hour old.
 */
export async function deleteUnreferencedBlobs(store: BlobStore, keys: readonly string[]): Promise<void> {
  let referenced: Set<string>;
  try {
    referenced = await referencedBlobKeys(getDb(), keys);
  } catch {
    return;
  }
  await Promise.all(
    keys
      .filter((key) => !referenced.has(key))
      .map((key) =>
        store.delete(key).catch((error: unknown) => log.error({ err: error, key }, "could not delete a blob")),
      ),
  );
}
