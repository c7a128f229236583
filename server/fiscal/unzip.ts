import "server-only";
import { crc32 } from "node:zlib";
import { fromBufferPromise, getFileNameLowLevel, type Entry, type ZipFile } from "yauzl";
import { fiscalMessages } from "@/lib/i18n/sections/fiscal";
import { AppError } from "@/server/errors";

// The files of a ZIP sent for import, one at a time, in memory: nothing is written to disk, so an entry's
// name ("../../x.xml", "C:/x.xml") is only a label. yauzl reads the central directory and inflates each
// entry as a stream; the bytes are counted as they come out and the inflate is stopped the moment the
// archive passes its budget, so a ZIP bomb costs at most the budget, whatever its headers say.

const m = fiscalMessages.zip;

export type UnzipLimits = {
  /** Entries in the central directory (folders included). */
  maxEntries: number;
  /** Bytes inflated across the whole archive. */
  maxTotalBytes: number;
};

export const DEFAULT_UNZIP_LIMITS: UnzipLimits = { maxEntries: 2_000, maxTotalBytes: 200 * 1024 * 1024 };

export type UnzipRefusal = "too_many_entries" | "too_large" | "corrupt" | "encrypted";

/** A ZIP that is refused; an AppError, so a route answers it as 413 (limits) or 400 (unreadable). */
export class UnzipError extends AppError {
  readonly reason: UnzipRefusal;

  constructor(reason: UnzipRefusal, message: string, cause?: unknown) {
    super(reason === "too_many_entries" || reason === "too_large" ? "too_large" : "invalid_input", message, { cause });
    this.name = "UnzipError";
    this.reason = reason;
  }
}

export type ZipFileEntry = { name: string; bytes: Buffer };

/**
 * Every file of the archive (folder entries skipped), in central-directory order. Throws UnzipError:
 * more entries than `maxEntries`, more than `maxTotalBytes` inflated, an encrypted entry, or a damaged
 * archive (bad structure, bad deflate data, sizes or CRC-32 that do not match what was inflated).
 */
export async function* unzipXmlEntries(
  bytes: Buffer,
  limits: Partial<UnzipLimits> = {},
): AsyncGenerator<ZipFileEntry, void, undefined> {
  const { maxEntries, maxTotalBytes } = { ...DEFAULT_UNZIP_LIMITS, ...limits };
  let zip: ZipFile;
  try {
    // decodeStrings off: yauzl would refuse "../" names, which are harmless labels here.
    zip = await fromBufferPromise(bytes, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true });
  } catch (error) {
    throw new UnzipError("corrupt", m.corrupt, error);
  }
  if (zip.entryCount > maxEntries) throw new UnzipError("too_many_entries", m.tooManyEntries(maxEntries));
  const budget = { left: maxTotalBytes, megabytes: Math.round(maxTotalBytes / (1024 * 1024)) };
  const entries = zip.eachEntry();
  while (true) {
    let next: IteratorResult<Entry>;
    try {
      next = await entries.next();
    } catch (error) {
      throw new UnzipError("corrupt", m.corrupt, error);
    }
    if (next.done) return;
    const entry = next.value;
    const name = getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
    if (name.endsWith("/")) continue;
    if (entry.isEncrypted()) throw new UnzipError("encrypted", m.encrypted);
    // A size declared past the budget is refused unread; a smaller one is not trusted: bytes are counted.
    if (entry.uncompressedSize > budget.left) throw new UnzipError("too_large", m.tooLarge(budget.megabytes));
    yield { name, bytes: await inflateEntry(zip, entry, budget) };
  }
}

async function inflateEntry(zip: ZipFile, entry: Entry, budget: { left: number; megabytes: number }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let checksum = 0;
  try {
    const stream = await zip.openReadStreamPromise(entry);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.left -= chunk.length;
      // Leaving the loop destroys the stream, which stops the inflate.
      if (budget.left < 0) throw new UnzipError("too_large", m.tooLarge(budget.megabytes));
      checksum = crc32(chunk, checksum);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof UnzipError) throw error;
    throw new UnzipError("corrupt", m.corrupt, error);
  }
  if (checksum >>> 0 !== entry.crc32 >>> 0) throw new UnzipError("corrupt", m.corrupt);
  return Buffer.concat(chunks);
}
