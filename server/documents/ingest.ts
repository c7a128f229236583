import "server-only";
import { availableParallelism } from "node:os";
import type { NewPhoto } from "@/lib/contract/business";
import { messages } from "@/lib/i18n/messages";
import {
  deleteDocumentBlobs,
  deleteUnreferencedBlobs,
  storeDocumentImage,
  type DocumentBlobKeys,
} from "./document-blobs";
import { AppError } from "@/server/errors";
import type { EarlyWork } from "@/server/early-work";
import { decodeDataUrl, processImage } from "@/server/images/pipeline";
import type { ProcessedImage } from "@/server/images/types";
import { getBlobStore } from "@/server/storage";

// The one way a new photo of the business platform becomes a stored document (block/create and
// pendency/solve): decoded, checked and re-encoded by the image pipeline, its two pictures written to the
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
  /** Its 1-based place in the request's document list. */
  position: number;
  originalName: string | null;
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
export function prefetchPhoto(dataUrl: string, cancelled: () => boolean): Promise<ProcessedImage> {
  return decodes.run(async () => {
    if (cancelled()) throw new Error("prefetch dropped");
    return processImage(decodeDataUrl(dataUrl));
  });
}

function positioned(error: unknown, entry: PhotoEntry): unknown {
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
  const done: (IngestedPhoto | undefined)[] = new Array(entries.length);
  const written = () => done.filter((photo): photo is IngestedPhoto => photo !== undefined);
  let failure: { error: unknown } | undefined;
  let next = 0;

  const worker = async () => {
    while (!failure && next < entries.length) {
      const index = next++;
      const entry = entries[index];
      try {
        const prefetched = early?.take(entry.photo.base64url) as Promise<ProcessedImage> | undefined;
        const image = prefetched
          ? await prefetched
          : await decodes.run(async () => {
              if (failure) return undefined;
              const bytes = decodeDataUrl(entry.photo.base64url);
              entry.photo.base64url = "";
              return processImage(bytes);
            });
        entry.photo.base64url = "";
        if (!image) continue;
        // Written after the decode slot is released: the next photo decodes while this one's two
        // files are flushed to disk (fsync), instead of the slot waiting on the disk.
        const keys = await storeDocumentImage(store, clientId, image);
        const { mime, width, height, size, hash } = image;
        done[index] = {
          ...keys,
          clientRef: entry.photo.id,
          mime,
          width,
          height,
          size,
          hash,
          position: entry.position,
          originalName: entry.photo.name || null,
        };
      } catch (error) {
        failure ??= { error: positioned(error, entry) };
      }
    }
  };
  // One worker more than the decode slots: while a worker writes its photo, another holds its slot.
  await Promise.all(Array.from({ length: Math.min(DECODE_CONCURRENCY + 1, entries.length) }, worker));

  if (failure) {
    // Nothing was committed yet: every blob written goes.
    await deleteDocumentBlobs(store, written());
    throw failure.error;
  }
  const photos = written();
  return {
    photos,
    discard: () =>
      deleteUnreferencedBlobs(
        store,
        photos.flatMap((photo) => [photo.displayKey, photo.thumbKey]),
      ),
  };
}
