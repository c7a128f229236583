import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { BlobStore } from "./blob-store";
import { assertContentTypeMatchesKey, assertValidBlobKey, contentTypeForKey } from "./blob-key";

// Blobs as plain files under `root` (`${DATA_DIR}/blobs` in production), one file per key. The content
// type comes from the key's extension (blob-key.ts), so there is no sidecar to keep in step.
export function createLocalBlobStore(root: string): BlobStore {
  const base = path.resolve(root);

  function fileFor(key: string): string {
    assertValidBlobKey(key);
    const file = path.resolve(base, key);
    // Defence in depth: the key pattern already forbids anything that could leave `base`.
    if (!file.startsWith(base + path.sep)) throw new Error(`Blob key escapes the store: ${key}`);
    return file;
  }

  return {
    async put(key, body, contentType) {
      assertContentTypeMatchesKey(key, contentType);
      await writeAtomically(fileFor(key), body);
    },

    async get(key) {
      const file = fileFor(key);
      try {
        return { body: await readFile(file), contentType: contentTypeForKey(key) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await rm(fileFor(key), { force: true });
    },

    async exists(key) {
      try {
        return (await stat(fileFor(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}

// Readers see the old bytes or the new ones, never a partial file: write a temp file in the same
// directory (same filesystem), flush it, then rename over the target. The temp name contains '~',
// which no key may contain, so it can never collide with a real blob.
async function writeAtomically(file: string, body: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString("hex")}~tmp`;
  try {
    const handle = await open(temp, "wx", 0o600);
    try {
      await handle.writeFile(body);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}
