import "server-only";
import { randomUUID } from "node:crypto";
import { processDataUrl } from "@/server/images/pipeline";
import { withUploadSlot } from "@/server/images/upload-gate";
import { getBlobStore } from "@/server/storage";

/** Body cap of a logo upload: one data URL of up to 16 MiB plus the JSON around it. */
export const LOGO_MAX_BYTES = 17 * 1024 * 1024;

/**
 * Stores a logo for `prefix` ('offices/<id>' or 'clients/<id>') and runs `commit(key)` — the
 * transaction that points the row at it and returns the previous key. The new blob is deleted when the
 * commit fails; the previous one only after it succeeded. Pipeline errors (415/413/400) pass through.
 */
export async function replaceLogo(
  prefix: string,
  dataUrl: string,
  commit: (key: string) => Promise<string | null>,
): Promise<string> {
  const processed = await withUploadSlot(() => processDataUrl(dataUrl));
  const key = `${prefix}/logo/${randomUUID()}.webp`;
  const store = getBlobStore();
  await store.put(key, processed.display, "image/webp");
  let previous: string | null;
  try {
    previous = await commit(key);
  } catch (error) {
    await store.delete(key).catch(() => undefined); // nothing points at it
    throw error;
  }
  if (previous && previous !== key) {
    // A leftover blob costs storage, never correctness: the answer does not wait on a failed delete.
    await store.delete(previous).catch((error: unknown) => console.error(`[logo] could not delete ${previous}:`, error));
  }
  return key;
}
