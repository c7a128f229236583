import "server-only";
import { randomUUID } from "node:crypto";
import { processDataUrl } from "@/server/images/pipeline";
import { getBlobStore } from "@/server/storage";

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
  const processed = await processDataUrl(dataUrl); // the route holds an upload slot (route({ upload: true }))
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
