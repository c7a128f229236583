import {
  addNew,
  createBody,
  EMPTY_SELECTION,
  entryCount,
  isFull,
  makeNewImage,
  toggleGallery,
} from "@/components/create-block/selection";
import { galleryEntries } from "@/server/documents/library-documents";

// A PDF in the gallery (decisions/0340): its pages are one entry of the answer, one of the 13 on screen,
// and sent by its first page's id.

const at = new Date("2026-11-29T12:00:00Z");
const row = (id: number, extra: Partial<Parameters<typeof galleryEntries>[0][number]> = {}) => ({
  id,
  createdAt: at,
  displayKey: `1/documents/${id}/display.webp`,
  thumbKey: `1/documents/${id}/thumb.webp`,
  rescued: false,
  width: 1240,
  height: 1754,
  library: "",
  originalName: null,
  sourceKey: null,
  sourcePage: null,
  ...extra,
});
const page = (id: number, sourcePage: number, sourceKey = "1/documents/a/documento-a.pdf") =>
  row(id, { sourceKey, sourcePage, originalName: "extrato.pdf" });

describe("galleryEntries", () => {
  test("a PDF's pages (newest first, ids out of page order) are one entry at its newest page's place", () => {
    const rows = [row(50), page(42, 1), page(41, 3), page(40, 2), row(10)];
    const entries = galleryEntries(rows, true);
    expect(entries.map((entry) => [entry.id, entry.kind, entry.pages, entry.documentIds])).toEqual([
      [50, "photo", 1, [50]],
      [42, "pdf", 3, [42, 40, 41]],
      [10, "photo", 1, [10]],
    ]);
    expect(entries[1]).toMatchObject({ fileName: "extrato.pdf", width: 1240, deletable: true });
    expect(entries[1]!.thumbnailUrl).toContain("1/documents/42/thumb.webp");
  });

  test("two PDFs stay apart; an XML's page (no source_page) is its own entry", () => {
    const rows = [page(3, 1, "k1"), page(2, 1, "k2"), page(1, 2, "k1"), row(9, { sourceKey: "x.xml" })];
    expect(galleryEntries(rows, true).map((entry) => entry.documentIds)).toEqual([[3, 1], [2], [9]]);
  });

  test("rescued when a page is; deletable only for the caller's own and when every page is", () => {
    const rows = [page(1, 1), { ...page(2, 2), rescued: true, library: "outra" }];
    expect(galleryEntries(rows, true)[0]).toMatchObject({ rescued: true, deletable: false });
    expect(galleryEntries([page(1, 1), page(2, 2)], false)[0]!.deletable).toBe(false);
  });
});

describe("a gallery PDF selected", () => {
  const pdf = { id: 42, url: "/u/42", thumbnailUrl: "/t/42", kind: "pdf" as const, pages: 3, fileName: "x.pdf" };

  test("one entry of the 13, sent by its first page's id", () => {
    const selection = toggleGallery(EMPTY_SELECTION, pdf);
    expect(selection.items[0]).toMatchObject({ kind: "gallery", id: 42, pages: 3, name: "x.pdf" });
    expect(entryCount(selection)).toBe(1);
    expect(createBody(selection)).toEqual([{ id: 42 }]);
    const photos = Array.from({ length: 12 }, (_, index) =>
      makeNewImage(`p${index}`, { dataUrl: "data:image/jpeg;base64,AA", thumbUrl: "", width: 1, height: 1 }),
    ).reduce(addNew, selection);
    expect(entryCount(photos)).toBe(13);
    expect(isFull(photos)).toBe(true);
  });

  test("a photo of the gallery carries no page count", () => {
    const selection = toggleGallery(EMPTY_SELECTION, { ...pdf, kind: "photo", pages: 1 });
    expect(selection.items[0]).not.toHaveProperty("pages");
  });
});
