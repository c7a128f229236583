import "server-only";
import { availableParallelism } from "node:os";
import { IMAGE_DATA_URL_MAX } from "@/lib/constants";
import type { NewPhoto } from "@/lib/contract/business";
import { messages } from "@/lib/i18n/messages";
import {
  deleteBlobKeys,
  deleteUnreferencedBlobs,
  documentSourceKey,
  storeDocumentImage,
  type DocumentBlobKeys,
} from "./document-blobs";
import { AppError } from "@/server/errors";
import type { EarlyWork } from "@/server/early-work";
import { sniffKind } from "@/server/fiscal/sniff-kind";
import { dataUrlHead, decodeFileDataUrl, processImage } from "@/server/images/pipeline";
import type { ProcessedImage } from "@/server/images/types";
import { getBlobStore, type BlobStore } from "@/server/storage";
import { PDF_MIME, pdfPageImages, PdfRefusal, pdfTooLarge } from "./pdf-intake";

// The one way a new photo or PDF of the business platform becomes stored documents (block/create and
// pendency/solve): decoded, checked and re-encoded by the image pipeline (a PDF: each page drawn, then
// the same; the PDF itself kept, docs/decisions/0274-pdf-documents.md), its pictures written to the
// blob store BEFORE the caller's transaction; the caller inserts the rows and, if anything fails, calls
// discard() so a failed request leaves no blob behind (deleteUnreferencedBlobs: only those no row names,
// since a transaction that failed may have committed).

/** What a document row needs from an ingested photo. */
export type IngestedPhoto = DocumentBlobKeys & {
  clientRef: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  hash: string;
  /** A photo's perceptual hash (the "mesma foto" rule); null for a PDF's page. */
  photoHash: bigint | null;
  /** Its 1-based place in the request's document list (every page of a PDF shares its entry's). */
  position: number;
  originalName: string | null;
  /** A PDF's page: the PDF's blob, its type and the page number; null for a photo. */
  sourceKey: string | null;
  sourceMime: string | null;
  sourcePage: number | null;
};

export type Ingested = { photos: IngestedPhoto[]; discard: () => Promise<void> };

/** A photo of the request with its place in the body (for the error's field path and position). */
export type PhotoEntry = { photo: NewPhoto; path: string; position: number };

// Decoding a 12 MP photo takes ~36 MB of pixels and a core's worth of libvips threads for ~0.4 s. Across
// the whole process at most this many decode at once, whatever the number of uploads admitted (upload
// slots bound the bodies, this bounds the pixels): 13 x 12 MP never sit decoded side by side. One core
// is left to the event loop (and PostgreSQL): on the 2-core machine two decodes at once made the other
// routes' p95 about 2x idle while a block was ingested, one decode keeps it near 1.4x
// (docs/decisions/0141-upload-ingest.md).
export const DECODE_CONCURRENCY = Math.max(1, Math.min(availableParallelism() - 1, 4));

class Semaphore {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}

const decodes = new Semaphore(DECODE_CONCURRENCY);

/**
 * A photo's data URL decoded and re-encoded as soon as it has arrived (block/create's `early`), under
 * the same decode slots; nothing is written. Dropped if the request is over before its slot comes.
 */
export function prefetchPhoto(dataUrl: string, cancelled: () => boolean): Promise<Decoded> {
  return decodes.run(async () => {
    if (cancelled()) throw new Error("prefetch dropped");
    return decodeUpload(dataUrl);
  });
}

/** A new entry decoded: a photo's pictures, or a PDF with its pages' pictures. */
export type Decoded =
  { kind: "image"; image: ProcessedImage } | { kind: "pdf"; bytes: Buffer; pages: ProcessedImage[] };

// The bytes decide what the file is ('%PDF-'), never the type the data URL declares. Run in a decode
// slot: a PDF's pages are drawn in a child process, one core's work like a photo's decode.
async function decodeUpload(dataUrl: string): Promise<Decoded> {
  if (dataUrl.length > IMAGE_DATA_URL_MAX && sniffKind(dataUrlHead(dataUrl)) === "pdf") throw pdfTooLarge();
  const bytes = decodeFileDataUrl(dataUrl);
  if (sniffKind(bytes) === "pdf") return { kind: "pdf", bytes, pages: await pdfPageImages(bytes) };
  return { kind: "image", image: await processImage(bytes) };
}

function positioned(error: unknown, entry: PhotoEntry): unknown {
  if (error instanceof PdfRefusal) {
    return error.named(entry.photo.name || messages.business.api.pdf.unnamed(entry.position), { path: entry.path });
  }
  if (!(error instanceof AppError)) return error;
  return new AppError(error.code, messages.business.api.imageError(entry.position, error.message), {
    fields: [{ path: entry.path, message: error.message }],
  });
}

/**
 * Ingests the photos of one request for a company, at most DECODE_CONCURRENCY at a time (a photo
 * already decoded as it arrived, in `early`, is taken from there). Each photo's
 * data URL is dropped from the parsed body as soon as it is decoded (the body is the largest thing the
 * request holds). On the first failure no further photo starts, the ones in flight finish, every blob
 * written for this request is deleted, and the error is thrown with the photo's position ('Imagem 5: …')
 * and field path. Photos keep the order of `entries`.
 */
export async function ingestPhotos(
  clientId: number,
  entries: readonly PhotoEntry[],
  early?: EarlyWork,
): Promise<Ingested> {
  const store = getBlobStore();
  const done: (IngestedPhoto[] | undefined)[] = new Array(entries.length);
  const written = () => done.flatMap((rows) => rows ?? []);
  // Every blob this request wrote, for the cleanup when it fails (a PDF's half-written pages too).
  const blobs: string[] = [];
  let failure: { error: unknown } | undefined;
  let next = 0;

  const worker = async () => {
    while (!failure && next < entries.length) {
      const index = next++;
      const entry = entries[index];
      try {
        const prefetched = early?.take(entry.photo.base64url) as Promise<Decoded> | undefined;
        const decoded = prefetched
          ? await prefetched
          : await decodes.run(async () => {
              if (failure) return undefined;
              const dataUrl = entry.photo.base64url;
              entry.photo.base64url = "";
              return decodeUpload(dataUrl);
            });
        entry.photo.base64url = "";
        if (!decoded) continue;
        // Written after the decode slot is released: the next photo decodes while this one's files
        // are flushed to disk (fsync), instead of the slot waiting on the disk.
        done[index] = await storeDecoded(store, clientId, entry, decoded, (keys) => blobs.push(...keys));
      } catch (error) {
        failure ??= { error: positioned(error, entry) };
      }
    }
  };
  // One worker more than the decode slots: while a worker writes its photo, another holds its slot.
  await Promise.all(Array.from({ length: Math.min(DECODE_CONCURRENCY + 1, entries.length) }, worker));

  if (failure) {
    // Nothing was committed yet: every blob written goes.
    await deleteBlobKeys(store, blobs);
    throw failure.error;
  }
  const photos = written();
  return {
    photos,
    discard: () =>
      deleteUnreferencedBlobs(store, [
        ...new Set(
          photos.flatMap((photo) => [photo.displayKey, photo.thumbKey, ...(photo.sourceKey ? [photo.sourceKey] : [])]),
        ),
      ]),
  };
}

/**
 * Writes an entry's blobs: a photo's two pictures, or a PDF (byte for byte) and each page's pictures.
 * `wrote` hears every key as it is written, so a failure halfway still deletes what landed.
 */
async function storeDecoded(
  store: BlobStore,
  clientId: number,
  entry: PhotoEntry,
  decoded: Decoded,
  wrote: (keys: string[]) => void,
): Promise<IngestedPhoto[]> {
  const row = (image: ProcessedImage, keys: DocumentBlobKeys) => ({
    ...keys,
    clientRef: entry.photo.id,
    mime: image.mime,
    width: image.width,
    height: image.height,
    size: image.size,
    hash: image.hash,
    photoHash: decoded.kind === "image" ? image.photoHash : null,
    position: entry.position,
    originalName: entry.photo.name || null,
    sourceKey: null,
    sourceMime: null,
    sourcePage: null,
  });
  const pictures = async (image: ProcessedImage) => {
    const keys = await storeDocumentImage(store, clientId, image);
    wrote([keys.displayKey, keys.thumbKey]);
    return keys;
  };
  if (decoded.kind === "image") return [row(decoded.image, await pictures(decoded.image))];
  const sourceKey = documentSourceKey(clientId, "pdf");
  // Counted before the write: a write that fails may still have landed.
  wrote([sourceKey]);
  await store.put(sourceKey, decoded.bytes, PDF_MIME);
  const rows: IngestedPhoto[] = [];
  for (const [index, image] of decoded.pages.entries()) {
    const keys = await pictures(image);
    // documents.client_ref is unique per client: the first page carries the entry's id, the others
    // the id and their page after a '.', which no id a client sends can hold (clientRefSchema).
    const clientRef = index === 0 ? entry.photo.id : `${entry.photo.id}.${index + 1}`;
    rows.push({ ...row(image, keys), clientRef, sourceKey, sourceMime: PDF_MIME, sourcePage: index + 1 });
  }
  return rows;
}
