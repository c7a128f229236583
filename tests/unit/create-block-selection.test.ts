import { MAX_BLOCK_IMAGES } from "@/lib/constants";
import {
  addNew,
  choose,
  createBody,
  currentItem,
  EMPTY_SELECTION,
  entryCount,
  fromPendency,
  galleryKey,
  hasChanges,
  isFull,
  isPdfHead,
  isSelected,
  makeNewImage,
  makeNewPdf,
  newClientRef,
  remaining,
  qualityOf,
  removeItem,
  replaceNew,
  setQuality,
  solveBody,
  takeFiles,
  toggleGallery,
  type Selection,
} from "@/components/create-block/selection";
import { blockCreateBody, clientRefSchema, pendencySolveBody } from "@/lib/contract/business";

const photo = (id: string) =>
  makeNewImage(id, { dataUrl: `data:image/jpeg;base64,${id}`, thumbUrl: `thumb-${id}`, width: 10, height: 8 });
const doc = (id: number) => ({ id, url: `/files/${id}`, thumbnailUrl: `/thumbs/${id}` });
const withPhotos = (count: number, start: Selection = EMPTY_SELECTION) =>
  Array.from({ length: count }, (_, index) => photo(`p${index}`)).reduce(addNew, start);

describe("the 13-image rules (spec §5)", () => {
  test("room counts the selection and the photos still being prepared", () => {
    expect(remaining(EMPTY_SELECTION)).toBe(MAX_BLOCK_IMAGES);
    expect(remaining(withPhotos(10))).toBe(3);
    expect(remaining(withPhotos(10), 2)).toBe(1);
    expect(remaining(withPhotos(10), 5)).toBe(0);
    expect(isFull(withPhotos(13))).toBe(true);
    expect(isFull(withPhotos(12), 1)).toBe(true);
    expect(isFull(withPhotos(12))).toBe(false);
  });

  test("an upload takes only 13 minus the current count and says how many it left out", () => {
    expect(takeFiles(["a", "b", "c"], 13)).toEqual({ taken: ["a", "b", "c"], refused: 0 });
    expect(takeFiles(["a", "b", "c"], 2)).toEqual({ taken: ["a", "b"], refused: 1 });
    expect(takeFiles(["a"], 0)).toEqual({ taken: [], refused: 1 });
    expect(takeFiles(["a"], -1)).toEqual({ taken: [], refused: 1 });
  });

  test("a 14th photo is not added", () => {
    const full = withPhotos(13);
    expect(addNew(full, photo("extra"))).toBe(full);
    expect(full.items).toHaveLength(13);
  });

  test("gallery selection is refused at 13 but deselecting still works", () => {
    const full = toggleGallery(withPhotos(12), doc(7));
    expect(full.items).toHaveLength(13);
    expect(toggleGallery(full, doc(8))).toBe(full);
    const fewer = toggleGallery(full, doc(7));
    expect(fewer.items).toHaveLength(12);
    expect(isSelected(fewer, galleryKey(7))).toBe(false);
  });

  test("gallery selection counts photos still being prepared", () => {
    const selection = withPhotos(11);
    expect(toggleGallery(selection, doc(1), 2)).toBe(selection);
    expect(toggleGallery(selection, doc(1), 1).items).toHaveLength(12);
  });
});

describe("the strip and the preview", () => {
  test("a new image becomes the preview; the same photo twice is kept once", () => {
    const one = addNew(EMPTY_SELECTION, photo("a"));
    const two = addNew(one, photo("b"));
    expect(currentItem(two)?.key).toBe("n:b");
    expect(addNew(two, photo("b"))).toBe(two);
  });

  test("choosing shows that image; an unknown key changes nothing", () => {
    const selection = withPhotos(3);
    expect(currentItem(choose(selection, "n:p0"))?.key).toBe("n:p0");
    expect(choose(selection, "n:nope")).toBe(selection);
  });

  test("with nothing chosen the first image is the preview", () => {
    expect(currentItem({ ...withPhotos(2), current: null })?.key).toBe("n:p0");
    expect(currentItem(EMPTY_SELECTION)).toBeNull();
  });

  test("removing the previewed image moves the preview to its neighbour", () => {
    const selection = choose(withPhotos(3), "n:p1");
    expect(removeItem(selection, "n:p1").current).toBe("n:p2");
    const last = choose(withPhotos(3), "n:p2");
    expect(removeItem(last, "n:p2").current).toBe("n:p1");
    expect(removeItem(addNew(EMPTY_SELECTION, photo("x")), "n:x").current).toBeNull();
    expect(removeItem(selection, "n:p0").current).toBe("n:p1");
  });
});

describe("the bodies", () => {
  test("create: new photos {id, base64url} and gallery documents {id}, in the strip's order, valid for the contract", () => {
    const selection = toggleGallery(addNew(EMPTY_SELECTION, photo("a1")), doc(42));
    const body = createBody(selection);
    expect(body).toEqual([{ id: "a1", base64url: "data:image/jpeg;base64,a1" }, { id: 42 }]);
    expect(blockCreateBody.safeParse(body).success).toBe(true);
  });

  test("a retried send carries the same ids", () => {
    const selection = withPhotos(3);
    expect(createBody(selection)).toEqual(createBody(selection));
  });

  test("pendency: the block's documents fill the strip; removed ones go in removedDocuments", () => {
    const pendency = { documents: [doc(1), doc(2), doc(3)] };
    const start = fromPendency(pendency);
    expect(start.items.map((item) => item.key)).toEqual(["b:1", "b:2", "b:3"]);
    expect(start.current).toBe("b:1");
    expect(hasChanges(start)).toBe(false);
    expect(solveBody(start, 9)).toEqual({ pendencyId: 9, documents: [], removedDocuments: [] });

    const replaced = addNew(removeItem(start, "b:2"), photo("new1"));
    expect(hasChanges(replaced)).toBe(true);
    const body = solveBody(replaced, 9);
    expect(body).toEqual({
      pendencyId: 9,
      documents: [{ id: "new1", base64url: "data:image/jpeg;base64,new1" }],
      removedDocuments: [2],
    });
    expect(pendencySolveBody.safeParse(body).success).toBe(true);
  });

  test("taking a gallery document out again is no change", () => {
    const start = fromPendency({ documents: [doc(1)] });
    expect(hasChanges(toggleGallery(toggleGallery(start, doc(5)), doc(5)))).toBe(false);
    expect(hasChanges(toggleGallery(start, doc(5)))).toBe(true);
  });

  test("the pending block's documents count towards 13", () => {
    const start = fromPendency({ documents: Array.from({ length: 13 }, (_, index) => doc(index + 1)) });
    expect(isFull(start)).toBe(true);
    expect(remaining(removeItem(start, "b:4"))).toBe(1);
  });
});

describe("client ids", () => {
  test("32 hex characters, accepted by the contract, different each time", () => {
    const first = newClientRef();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(clientRefSchema.safeParse(first).success).toBe(true);
    expect(newClientRef()).not.toBe(first);
  });

  test("built from the random bytes given", () => {
    expect(newClientRef((bytes) => bytes.fill(0xab))).toBe("ab".repeat(16));
  });
});

describe("PDFs", () => {
  test("known by their first bytes, whatever the name", () => {
    expect(isPdfHead(new TextEncoder().encode("%PDF-1.7\n"))).toBe(true);
    expect(isPdfHead(new TextEncoder().encode("%PDF"))).toBe(false);
    expect(isPdfHead(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBe(false);
  });

  test("one entry of the 13, sent with its data URL and name", () => {
    const pdf = makeNewPdf("pdf1", "data:application/pdf;base64,JVBERi0=", "boleto.pdf");
    expect(pdf).toMatchObject({ kind: "new", pdf: true, name: "boleto.pdf", thumbUrl: "" });
    const selection = addNew(withPhotos(12), pdf);
    expect(isFull(selection)).toBe(true);
    expect(createBody(selection).at(-1)).toEqual({
      id: "pdf1",
      base64url: "data:application/pdf;base64,JVBERi0=",
      name: "boleto.pdf",
    });
    expect(blockCreateBody.safeParse(createBody(selection)).success).toBe(true);
  });

  test("a PDF in the pending block is one entry, and its pages leave together", () => {
    const pending = fromPendency({
      documents: [{ ...doc(1) }, { ...doc(2), pdf: 2 }, { ...doc(3), pdf: 2 }, { ...doc(4), pdf: 2 }],
    });
    expect(entryCount(pending)).toBe(2);
    expect(remaining(pending)).toBe(MAX_BLOCK_IMAGES - 2);
    const out = removeItem(choose(pending, "b:3"), "b:3");
    expect(out.items.map((item) => item.key)).toEqual(["b:1"]);
    expect(out.removed).toEqual([2, 3, 4]);
    expect(out.current).toBe("b:1");
    expect(solveBody(out, 9).removedDocuments).toEqual([2, 3, 4]);
  });
});

describe("the photo check's verdict and 'Tirar outra'", () => {
  test("a verdict lands on its photo only; one that left the selection changes nothing", () => {
    const three = withPhotos(3);
    const flagged = setQuality(three, "n:p1", ["blurred"]);
    expect(flagged.items.map(qualityOf)).toEqual([[], ["blurred"], []]);
    expect(flagged.current).toBe(three.current);
    expect(setQuality(three, "n:gone", ["dark"])).toBe(three);
    // a gallery document is never checked
    const withDoc = toggleGallery(three, doc(5));
    expect(setQuality(withDoc, galleryKey(5), ["dark"])).toBe(withDoc);
  });

  test("a flagged photo is still sent: the verdict is not part of the body", () => {
    const flagged = setQuality(withPhotos(2), "n:p0", ["blurred", "small"]);
    expect(createBody(flagged)).toEqual(createBody(withPhotos(2)));
    expect(blockCreateBody.safeParse(createBody(flagged)).success).toBe(true);
  });

  test("the new photo takes the same position and the preview; the old one is gone", () => {
    const three = setQuality(withPhotos(3), "n:p1", ["dark"]);
    const replaced = replaceNew(three, "n:p1", photo("again"));
    expect(replaced.items.map((item) => item.key)).toEqual(["n:p0", "n:again", "n:p2"]);
    expect(replaced.current).toBe("n:again");
    expect(qualityOf(replaced.items[1])).toEqual([]);
    expect(createBody(replaced).map((entry) => entry.id)).toEqual(["p0", "again", "p2"]);
  });

  test("a photo taken out meanwhile: the new one is added at the end, within the 13", () => {
    const two = removeItem(withPhotos(3), "n:p1");
    expect(replaceNew(two, "n:p1", photo("again")).items.map((item) => item.key)).toEqual(["n:p0", "n:p2", "n:again"]);
    const full = withPhotos(13);
    expect(replaceNew(full, "n:gone", photo("again"))).toBe(full);
    expect(replaceNew(full, "n:p4", photo("again")).items).toHaveLength(13);
  });
});
