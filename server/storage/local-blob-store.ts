import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, open, opendir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { BlobStore, StoredBlob } from "./blob-store";
import { assertContentTypeMatchesKey, assertValidBlobKey, contentTypeForKey, isValidBlobKey } from "./blob-key";

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

    async *list(prefix = "") {
      for await (const { key, file } of walk(base, prefix)) {
        // Only names that are valid keys are blobs: a write's '~tmp' file is not one.
        if (!key.startsWith(prefix) || !isValidBlobKey(key)) continue;
        const modifiedAt = await modifiedAtOf(file);
        if (modifiedAt) yield { key, modifiedAt } satisfies StoredBlob;
      }
    },

    async sweepTemporary(olderThan) {
      let removed = 0;
      for await (const { file } of walk(base, "")) {
        if (!file.endsWith(TEMP_SUFFIX)) continue;
        const modifiedAt = await modifiedAtOf(file);
        if (!modifiedAt || modifiedAt >= olderThan) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}

/** When `file` was last written, or null when it is gone (removed while the walk went on). */
function modifiedAtOf(file: string): Promise<Date | null> {
  return stat(file).then(
    (info) => info.mtime,
    (error: unknown) => (isMissing(error) ? null : Promise.reject(error)),
  );
}

// Depth-first over the folders under `base`, one directory handle open at a time: every file whose
// folder can hold `prefix`, with its '/'-separated path from `base`.
async function* walk(base: string, prefix: string, dir = base): AsyncGenerator<{ key: string; file: string }> {
  let entries;
  try {
    entries = await opendir(dir);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for await (const entry of entries) {
    const file = path.join(dir, entry.name);
    const key = path.relative(base, file).split(path.sep).join("/");
    if (entry.isDirectory()) {
      // Skip a folder that cannot hold the prefix: 'clients/1' is not under 'clients/2/'.
      if (prefix.startsWith(`${key}/`) || `${key}/`.startsWith(prefix)) yield* walk(base, prefix, file);
    } else if (entry.isFile()) {
      yield { key, file };
    }
  }
}

// Readers see the old bytes or the new ones, never a partial file: write a temp file in the same
// directory (same filesystem), flush it, then rename over the target. The temp name contains '~',
// which no key may contain, so it can never collide with a real blob. A process killed before the
// rename leaves the temp file: sweepTemporary removes it (the orphan sweep job calls it).
const TEMP_SUFFIX = "~tmp";

async function writeAtomically(file: string, body: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString("hex")}${TEMP_SUFFIX}`;
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
