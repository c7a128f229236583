import "server-only";
import { randomUUID } from "node:crypto";
import type { ProcessedImage } from "@/server/images/types";
import type { BlobStore } from "@/server/storage";

export type DocumentBlobKeys = { displayKey: string; thumbKey: string };

/** Where a document's pictures live: one folder per document under its client. */
export function documentBlobKeys(clientId: number, documentUuid: string = randomUUID()): DocumentBlobKeys {
  const base = `clients/${clientId}/documents/${documentUuid}`;
  return { displayKey: `${base}/display.webp`, thumbKey: `${base}/thumb.webp` };
}

/** Writes the display picture and thumbnail of a new document under fresh keys. */
export async function storeDocumentImage(store: BlobStore, clientId: number, image: ProcessedImage): Promise<DocumentBlobKeys> {
  const keys = documentBlobKeys(clientId);
  await Promise.all([store.put(keys.displayKey, image.display, image.mime), store.put(keys.thumbKey, image.thumb, image.mime)]);
  return keys;
}
