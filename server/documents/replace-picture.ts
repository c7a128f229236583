import "server-only";
import { scopedLogger } from "@/server/log";
import { randomUUID } from "node:crypto";
import { deleteUnreferencedBlobs } from "./document-blobs";
import { getBlobStore } from "@/server/storage";
import { processDataUrl } from "@/server/images/pipeline";

export type StoredPicture = { key: string; width: number; height: number };

/**
 * Replaces the one picture of a row (a user's avatar, an office's or client's logo). The data URL is
 * re-encoded by the pipeline (its 400/413/415 errors pass through) and stored as `<folder>/<uuid>.webp`;
 * then `commit(picture)` — the caller's transaction that points the row at the new key and returns the
 * previous one — runs. A failed commit deletes the new blob unless a row names it (a commit whose
 * answer was lost: deleteUnreferencedBlobs); the previous blob is
 * deleted only after the commit, so no row ever names a missing blob. The route holds an upload slot
 * (route({ upload: true })) while this runs. Returns the new key.
 */
export async function replacePicture(
  folder: string,
  dataUrl: string,
  commit: (picture: StoredPicture) => Promise<string | null>,
): Promise<string> {
  const processed = await processDataUrl(dataUrl);
  const picture = { key: `${folder}/${randomUUID()}.webp`, width: processed.width, height: processed.height };
  const store = getBlobStore();
  await store.put(picture.key, processed.display, "image/webp");
  let previous: string | null;
  try {
    previous = await commit(picture);
  } catch (error) {
    // Unless the commit landed after all (its answer lost): then the row names it.
    await deleteUnreferencedBlobs(store, [picture.key]);
    throw error;
  }
  if (previous && previous !== picture.key) {
    // A leftover blob costs storage, never correctness: the answer does not wait on a failed delete.
    await store
      .delete(previous)
      .catch((error: unknown) =>
        scopedLogger("pictures").error({ err: error, key: previous }, "could not delete a picture"),
      );
  }
  return picture.key;
}
