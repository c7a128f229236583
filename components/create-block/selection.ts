import { DOCUMENT_NAME_MAX, MAX_BLOCK_IMAGES } from "@/lib/constants";
import type {
  BlockCreateBody,
  BlockDocumentInput,
  GalleryDocument,
  PendencySolveBody,
  PendencyToSolve,
} from "@/lib/contract/business";
import type { PreparedImage } from "@/lib/images/downscale";
import type { QualityReason } from "@/lib/images/quality";
import { hasForbiddenCharacters } from "@/lib/validation/characters";

// The selected images of the shared panel (Criar bloco, Blocos com pendencia) and every 13-image rule of
// spec §5, as pure functions: the screen only renders what these return.

/**
 * A photo taken or chosen on this device, or a PDF (`pdf`: sent as it is, its pages drawn by the server;
 * no thumbnail here): its client id makes a retried send idempotent. `quality`: why the photo check flagged
 * it (empty: it looks fine; absent: not checked yet, or a PDF).
 */
export type NewImage = {
  kind: "new";
  key: string;
  id: string;
  name?: string;
  pdf?: boolean;
  quality?: QualityReason[];
} & PreparedImage;
/**
 * A document of a gallery (the caller's or a sharing colleague's). `pages`: a PDF of that many pages, sent
 * by its first page's id (the server takes them all), one entry of the 13; `name` its file's name.
 */
export type GalleryImage = {
  kind: "gallery";
  key: string;
  id: number;
  url: string;
  thumbUrl: string;
  pages?: number;
  name?: string;
};
/**
 * A document already in the pending block (taking it out lists it in removedDocuments). `pdf`: a PDF's
 * page, the id of its first page: the PDF's pages are one entry and leave together.
 */
export type BlockImage = { kind: "block"; key: string; id: number; url: string; thumbUrl: string; pdf?: number };
export type SelectedImage = NewImage | GalleryImage | BlockImage;

export type Selection = {
  items: SelectedImage[];
  /** Ids of the pending block's documents taken out. */
  removed: number[];
  /** The key of the image in the preview. */
  current: string | null;
};

export const EMPTY_SELECTION: Selection = { items: [], removed: [], current: null };

export const galleryKey = (id: number) => `g:${id}`;
const newKey = (id: string) => `n:${id}`;
const blockKey = (id: number) => `b:${id}`;

/** A client id: 32 hex characters (clientRefSchema), from crypto.getRandomValues (randomUUID needs HTTPS). */
export function newClientRef(
  random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  return Array.from(random(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The entries of the 13: an image, or a PDF already in the pending block whatever its pages. */
export function entryCount(selection: Selection): number {
  const pdfs = new Set<number>();
  let count = 0;
  for (const item of selection.items) {
    if (item.kind === "block" && item.pdf !== undefined) {
      if (pdfs.has(item.pdf)) continue;
      pdfs.add(item.pdf);
    }
    count += 1;
  }
  return count;
}

/** How many more images fit, counting those still being prepared. */
export function remaining(selection: Selection, preparing = 0): number {
  return Math.max(0, MAX_BLOCK_IMAGES - entryCount(selection) - preparing);
}

export const isFull = (selection: Selection, preparing = 0) => remaining(selection, preparing) === 0;

/** Spec §5 "upload allows 13 minus current count": the files taken and how many were left out. */
export function takeFiles<T>(files: readonly T[], room: number): { taken: T[]; refused: number } {
  const taken = files.slice(0, Math.max(0, room));
  return { taken, refused: files.length - taken.length };
}

/** `name`: the file's name on the device, sent with the photo (Devolvidos shows it). */
export function makeNewImage(id: string, image: PreparedImage, name?: string): NewImage {
  // A name the server would refuse (a control character, a surrogate cut in half) is left out.
  const cut = name?.trim().slice(0, DOCUMENT_NAME_MAX);
  const trimmed = cut && !hasForbiddenCharacters(cut) ? cut : undefined;
  return { kind: "new", key: newKey(id), id, ...image, ...(trimmed ? { name: trimmed } : {}) };
}

/** A PDF chosen on this device, one entry of the 13 whatever its pages: its data URL as read. */
export function makeNewPdf(id: string, dataUrl: string, name?: string): NewImage {
  return { ...makeNewImage(id, { dataUrl, thumbUrl: "", width: 0, height: 0 }, name), pdf: true };
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // '%PDF-'

/** Whether a file's first bytes are a PDF's: the bytes decide, not the name or the type the device gives. */
export const isPdfHead = (head: Uint8Array): boolean => PDF_MAGIC.every((byte, index) => head[index] === byte);

/** Appends a prepared photo (ignored when the block is full); it becomes the preview. */
export function addNew(selection: Selection, image: NewImage): Selection {
  if (isFull(selection) || selection.items.some((item) => item.key === image.key)) return selection;
  return { ...selection, items: [...selection.items, image], current: image.key };
}

/**
 * 'Tirar outra': `image` takes the place of the photo `key` (the same position, and the preview); when that
 * photo left the selection meanwhile, `image` is added as any other.
 */
export function replaceNew(selection: Selection, key: string, image: NewImage): Selection {
  const index = selection.items.findIndex((item) => item.key === key);
  if (index < 0) return addNew(selection, image);
  const items = selection.items.map((item, at) => (at === index ? image : item));
  return { ...selection, items, current: image.key };
}

/** The quality check's verdict on the photo `key` (nothing changes when it left the selection). */
export function setQuality(selection: Selection, key: string, reasons: QualityReason[]): Selection {
  if (!selection.items.some((item) => item.key === key && item.kind === "new")) return selection;
  const items = selection.items.map((item) =>
    item.key === key && item.kind === "new" ? { ...item, quality: reasons } : item,
  );
  return { ...selection, items };
}

/** The reasons a selected image was flagged for (none for a gallery or block document, or one unchecked). */
export const qualityOf = (item: SelectedImage): QualityReason[] => (item.kind === "new" ? (item.quality ?? []) : []);

export const isSelected = (selection: Selection, key: string) => selection.items.some((item) => item.key === key);

/**
 * A gallery entry's button: selects it (unless the block is full) or takes it out again. A PDF is one
 * entry whatever its pages: its first page's id sends them all.
 */
export function toggleGallery(
  selection: Selection,
  document: Pick<GalleryDocument, "id" | "url" | "thumbnailUrl"> &
    Partial<Pick<GalleryDocument, "kind" | "pages" | "fileName">>,
  preparing = 0,
): Selection {
  const key = galleryKey(document.id);
  if (isSelected(selection, key)) return removeItem(selection, key);
  if (isFull(selection, preparing)) return selection;
  const image: GalleryImage = {
    kind: "gallery",
    key,
    id: document.id,
    url: document.url,
    thumbUrl: document.thumbnailUrl,
    ...(document.kind === "pdf" ? { pages: document.pages ?? 1 } : {}),
    ...(document.kind === "pdf" && document.fileName ? { name: document.fileName } : {}),
  };
  return { ...selection, items: [...selection.items, image], current: key };
}

/**
 * Takes an image out (a PDF's page in the pending block: all its pages); a pending block's document is
 * remembered in `removed`. The preview moves to a neighbour.
 */
export function removeItem(selection: Selection, key: string): Selection {
  const index = selection.items.findIndex((item) => item.key === key);
  if (index < 0) return selection;
  const item = selection.items[index];
  const pdf = item.kind === "block" ? item.pdf : undefined;
  const leaving = (other: SelectedImage) =>
    other.key === key || (pdf !== undefined && other.kind === "block" && other.pdf === pdf);
  const items = selection.items.filter((other) => !leaving(other));
  const gone = selection.items.filter(leaving).flatMap((other) => (other.kind === "block" ? [other.id] : []));
  const removed = [...selection.removed, ...gone];
  const stays = items.some((other) => other.key === selection.current);
  const current = stays ? selection.current : (items[Math.min(index, items.length - 1)]?.key ?? null);
  return { items, removed, current };
}

export function choose(selection: Selection, key: string): Selection {
  return isSelected(selection, key) ? { ...selection, current: key } : selection;
}

/** The image in the preview (the chosen one, else the first). */
export function currentItem(selection: Selection): SelectedImage | null {
  return selection.items.find((item) => item.key === selection.current) ?? selection.items[0] ?? null;
}

/** A pending block's documents fill the strip. */
export function fromPendency(pendency: Pick<PendencyToSolve, "documents">): Selection {
  const items: BlockImage[] = pendency.documents.map((document) => ({
    kind: "block",
    key: blockKey(document.id),
    id: document.id,
    url: document.url,
    thumbUrl: document.thumbnailUrl,
    ...(document.pdf === undefined ? {} : { pdf: document.pdf }),
  }));
  return { items, removed: [], current: items[0]?.key ?? null };
}

function entryOf(item: NewImage | GalleryImage): BlockDocumentInput {
  if (item.kind === "gallery") return { id: item.id };
  return item.name
    ? { id: item.id, base64url: item.dataUrl, name: item.name }
    : { id: item.id, base64url: item.dataUrl };
}

const isAdded = (item: SelectedImage): item is NewImage | GalleryImage => item.kind !== "block";

/** POST /api/block/create: new photos {id, base64url} and gallery documents {id}, in the strip's order. */
export function createBody(selection: Selection): BlockCreateBody {
  return selection.items.filter(isAdded).map(entryOf);
}

/** POST /api/pendency/solve: what was added and what was taken out of the pending block. */
export function solveBody(selection: Selection, pendencyId: number): PendencySolveBody {
  return { pendencyId, documents: selection.items.filter(isAdded).map(entryOf), removedDocuments: selection.removed };
}

/** A solve that adds nothing and takes nothing out asks for confirmation first (spec §4). */
export function hasChanges(selection: Selection): boolean {
  return selection.removed.length > 0 || selection.items.some(isAdded);
}

/**
 * The thumbnails a queued block keeps beside its body, entry by entry: a photo's own (a data URL made on
 * the device); '' for a gallery document (its signed URL expires) and a PDF (none is drawn here).
 */
export function queueThumbs(selection: Selection): string[] {
  return selection.items.filter(isAdded).map((item) => (item.kind === "new" && !item.pdf ? item.thumbUrl : ""));
}
