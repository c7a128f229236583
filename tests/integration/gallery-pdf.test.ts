// A PDF in the gallery through the real handlers: its pages are one entry of /api/library/documents (one
// statement), one entry of a block's 13 however it is named (any page brings them all, in page order), and
// deleted whole; another company's PDF is 404, a sharing colleague's can be sent but not deleted.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { POST as createPost } from "@/app/api/block/create/route";
import { POST as undoPost } from "@/app/api/block/sent/undo/route";
import { POST as removePost } from "@/app/api/document/remove/route";
import { POST as libraryPost } from "@/app/api/library/documents/route";
import { POST as solvePost } from "@/app/api/pendency/solve/route";
import { libraryDocumentsAnswer, type GalleryDocument, type SentBlock } from "@/lib/contract/business";
import { getDb, type Client, type Document } from "@/server/db/client";
import { getBlobStore } from "@/server/storage";
import { createBlock, createDocument } from "../helpers/factories";
import { call } from "../helpers/http";
import { textPdf } from "../helpers/pdf-files";
import { captureStatements } from "../helpers/statements";
import { buildBusinessWorld, photo, ref, type BusinessPerson, type BusinessWorld } from "./business-writes-world";

process.env.DATA_DIR = path.join(tmpdir(), `bloco-gallery-pdf-${randomBytes(4).toString("hex")}`);
afterAll(() => rm(process.env.DATA_DIR!, { recursive: true, force: true }));

let world: BusinessWorld;
let tokens: Record<BusinessPerson, string>;
beforeAll(async () => {
  ({ world, tokens } = await buildBusinessWorld());
});

const db = () => getDb();
const SIGNED = /^\/api\/files\/.+\?exp=\d+&sig=/;
const NOT_FOUND = "Documento da galeria não encontrado: ele pode ter sido enviado ou excluído.";

const gallery = async (token: string, body: object = {}) => {
  const res = await call<GalleryDocument[]>(libraryPost, { body, token, path: "/api/library/documents" });
  expect(res.status).toBe(200);
  return libraryDocumentsAnswer.parse(res.json.data);
};
const send = (body: unknown, token = tokens.regularAlpha) =>
  call<SentBlock>(createPost, { body, token, path: "/api/block/create" });
const solve = (body: unknown, token = tokens.regularAlpha) =>
  call<{ blockId: number }>(solvePost, { body, token, path: "/api/pendency/solve" });
const remove = (documentId: number, token = tokens.regularAlpha) =>
  call<{ documentId: number }>(removePost, { body: { documentId }, token, path: "/api/document/remove" });
const documentsOf = (blockId: number) =>
  db().document.findMany({ where: { blockId }, orderBy: [{ position: "asc" }, { id: "asc" }] });

/**
 * A PDF of `pages` pages back in `owner`'s gallery, as an undone block leaves it: one document per page,
 * all naming the kept PDF (its bytes stored), created at one instant. Pages made in a shuffled order, so
 * ids do not follow page numbers.
 */
async function galleryPdf(
  owner: { id: number },
  pages: number,
  { client = world.alpha, name = "extrato.pdf", createdAt = new Date() } = {},
): Promise<{ pages: Document[]; sourceKey: string }> {
  const folder = randomBytes(6).toString("hex");
  const sourceKey = `${client.id}/documents/${folder}/documento-${randomBytes(4).toString("hex")}.pdf`;
  await getBlobStore().put(sourceKey, textPdf([["página"]]), "application/pdf");
  const order = Array.from({ length: pages }, (_, index) => index + 1).reverse();
  const made: Document[] = [];
  for (const page of order) {
    const doc = await createDocument({ client, uploadedBy: owner, createdAt });
    made.push(
      await db().document.update({
        where: { id: doc.id },
        data: { sourceKey, sourceMime: "application/pdf", sourcePage: page, originalName: name },
      }),
    );
  }
  return { pages: made.sort((a, b) => a.sourcePage! - b.sourcePage!), sourceKey };
}

const ownPhoto = (createdAt = new Date()) =>
  createDocument({ client: world.alpha, uploadedBy: world.regularAlpha, createdAt });

describe("POST /api/library/documents with PDFs", () => {
  test("a PDF's pages are one entry: the first page's fields, its pages in order; photos unchanged", async () => {
    const base = Date.now() + 60_000; // newer than anything else the file makes
    const older = await ownPhoto(new Date(base));
    const pdf = await galleryPdf(world.regularAlpha, 3, { createdAt: new Date(base + 1000) });
    const newer = await ownPhoto(new Date(base + 2000));

    const list = await gallery(tokens.regularAlpha);
    expect(list.slice(0, 3).map((entry) => entry.id)).toEqual([newer.id, pdf.pages[0]!.id, older.id]);
    const entry = list[1]!;
    expect(entry).toEqual({
      id: pdf.pages[0]!.id,
      date: new Date(base + 1000).toISOString(),
      url: expect.stringMatching(SIGNED),
      thumbnailUrl: expect.stringMatching(SIGNED),
      rescued: false,
      width: pdf.pages[0]!.width,
      height: pdf.pages[0]!.height,
      deletable: true,
      kind: "pdf",
      pages: 3,
      documentIds: pdf.pages.map((page) => page.id),
      fileName: "extrato.pdf",
    });
    expect(entry.url).toContain(pdf.pages[0]!.displayKey!.split("/").pop());
    expect(list[0]).toMatchObject({ kind: "photo", pages: 1, documentIds: [newer.id] });
    // No page is listed on its own.
    const listed = list.flatMap((item) => item.documentIds);
    expect(new Set(listed).size).toBe(listed.length);
    expect(list.map((item) => item.id)).not.toContain(pdf.pages[1]!.id);
  });

  test("one statement for the documents, however many PDFs and pages", async () => {
    await galleryPdf(world.regularAlpha, 4);
    await galleryPdf(world.regularAlpha, 2);
    const { result, statements } = await captureStatements(() =>
      call(libraryPost, { body: {}, token: tokens.regularAlpha, path: "/api/library/documents" }),
    );
    expect(result.status).toBe(200);
    // Authentication, then the gallery's rows.
    expect(statements.filter((s) => /\bFROM\s+"?public"?\.?"?documents"?/i.test(s.text))).toHaveLength(1);
    expect(statements.length).toBeLessThanOrEqual(2);
  });

  test("a rescued page makes the PDF rescued; a sharing colleague's PDF is one entry, not deletable", async () => {
    const own = await galleryPdf(world.regularAlpha, 2);
    await db().document.update({ where: { id: own.pages[1]!.id }, data: { rescued: true } });
    expect((await gallery(tokens.regularAlpha)).find((entry) => entry.id === own.pages[0]!.id)?.rescued).toBe(true);

    const shared = await galleryPdf(world.sharerAlpha, 2, { name: "compartilhado.pdf" });
    const theirs = await gallery(tokens.regularAlpha, { operatorId: world.sharerAlpha.id });
    expect(theirs.find((entry) => entry.id === shared.pages[0]!.id)).toMatchObject({
      kind: "pdf",
      pages: 2,
      documentIds: shared.pages.map((page) => page.id),
      deletable: false,
      fileName: "compartilhado.pdf",
    });
  });

  test("pages of one PDF in two galleries are two entries, each its owner's", async () => {
    const mine = await galleryPdf(world.regularAlpha, 2);
    // The same PDF's pages uploaded by a colleague (they share a source key only in a crafted case).
    const colleague = await createDocument({ client: world.alpha, uploadedBy: world.sharerAlpha });
    await db().document.update({
      where: { id: colleague.id },
      data: { sourceKey: mine.sourceKey, sourceMime: "application/pdf", sourcePage: 3 },
    });
    expect((await gallery(tokens.regularAlpha)).find((entry) => entry.id === mine.pages[0]!.id)?.pages).toBe(2);
    const theirs = await gallery(tokens.regularAlpha, { operatorId: world.sharerAlpha.id });
    expect(theirs.find((entry) => entry.id === colleague.id)).toMatchObject({ pages: 1, kind: "pdf" });
  });
});

describe("POST /api/block/create with a gallery PDF", () => {
  test("its id sends every page, in page order, at its entry's place, one entry of the 13", async () => {
    const pdf = await galleryPdf(world.regularAlpha, 3);
    const photos = await Promise.all(Array.from({ length: 12 }, () => photo()));
    const res = await send([photos[0], { id: pdf.pages[0]!.id }, ...photos.slice(1)]);
    expect(res.status).toBe(200);
    expect(res.json.data!.documentsUrl).toHaveLength(15);
    const docs = await documentsOf(res.json.data!.id);
    expect(docs.map((doc) => doc.position)).toEqual(Array.from({ length: 15 }, (_, index) => index + 1));
    expect(docs.slice(1, 4).map((doc) => [doc.id, doc.sourcePage])).toEqual(
      pdf.pages.map((page) => [page.id, page.sourcePage]),
    );
    // Out of the gallery, the PDF kept.
    const list = await gallery(tokens.regularAlpha);
    expect(list.flatMap((entry) => entry.documentIds)).not.toContain(pdf.pages[1]!.id);
    expect(await getBlobStore().exists(pdf.sourceKey)).toBe(true);
  });

  test("a 14th entry beside a gallery PDF is refused, nothing moved", async () => {
    const pdf = await galleryPdf(world.regularAlpha, 2);
    const photos = await Promise.all(Array.from({ length: 13 }, () => photo()));
    const res = await send([{ id: pdf.pages[0]!.id }, ...photos]);
    expect(res.status).toBe(400);
    const pages = await db().document.findMany({ where: { id: { in: pdf.pages.map((page) => page.id) } } });
    expect(pages.every((page) => page.blockId === null)).toBe(true);
  });

  test("one page named (not the first): the whole PDF goes, taken in page order", async () => {
    const pdf = await galleryPdf(world.regularAlpha, 3);
    const res = await send([await photo(), { id: pdf.pages[2]!.id }]);
    expect(res.status).toBe(200);
    const docs = await documentsOf(res.json.data!.id);
    expect(docs.map((doc) => [doc.position, doc.sourcePage])).toEqual([
      [1, null],
      [2, 1],
      [3, 2],
      [4, 3],
    ]);
  });

  test("several pages of one PDF named: one entry at the first place, no gap", async () => {
    const pdf = await galleryPdf(world.regularAlpha, 3);
    const first = await photo();
    const last = await photo();
    const res = await send([first, { id: pdf.pages[1]!.id }, { id: pdf.pages[0]!.id }, last]);
    expect(res.status).toBe(200);
    const docs = await documentsOf(res.json.data!.id);
    expect(docs.map((doc) => [doc.position, doc.sourcePage, doc.clientRef === last.id])).toEqual([
      [1, null, false],
      [2, 1, false],
      [3, 2, false],
      [4, 3, false],
      [5, null, true],
    ]);
  });

  test("a page missing from the gallery (deleted before): the pages there go, placed without a gap", async () => {
    const pdf = await galleryPdf(world.regularAlpha, 3);
    await db().document.delete({ where: { id: pdf.pages[1]!.id } });
    const res = await send([{ id: pdf.pages[0]!.id }, await photo()]);
    expect(res.status).toBe(200);
    const docs = await documentsOf(res.json.data!.id);
    expect(docs.map((doc) => [doc.position, doc.sourcePage])).toEqual([
      [1, 1],
      [2, 3],
      [3, null],
    ]);
  });

  test("another company's PDF is 404 and nothing moves; a sharing colleague's goes whole", async () => {
    const other = await galleryPdf(world.ownerBeta, 2, { client: world.beta as Client });
    const refused = await send([await photo(), { id: other.pages[0]!.id }]);
    expect([refused.status, refused.json.error?.message]).toEqual([404, NOT_FOUND]);
    expect(await db().document.count({ where: { id: { in: other.pages.map((p) => p.id) }, blockId: null } })).toBe(2);

    const shared = await galleryPdf(world.sharerAlpha, 2);
    const res = await send([{ id: shared.pages[1]!.id }]);
    expect(res.status).toBe(200);
    expect((await documentsOf(res.json.data!.id)).map((doc) => doc.id)).toEqual(shared.pages.map((p) => p.id));
  });

  test("a colleague who does not share: its PDF is 404", async () => {
    const hidden = await galleryPdf(world.adminAlpha, 2);
    const res = await send([{ id: hidden.pages[0]!.id }]);
    expect([res.status, res.json.error?.message]).toEqual([404, NOT_FOUND]);
  });

  test("sent, undone, back as one entry, sent again by its id: all its pages", async () => {
    const entry = {
      id: ref("pdf"),
      name: "tres.pdf",
      base64url: `data:application/pdf;base64,${textPdf([["1"], ["2"], ["3"]]).toString("base64")}`,
    };
    const first = await send([entry]);
    expect(first.status).toBe(200);
    const undo = await call(undoPost, {
      body: { blockId: first.json.data!.id },
      token: tokens.regularAlpha,
      path: "/api/block/sent/undo",
    });
    expect(undo.status).toBe(200);
    const back = (await gallery(tokens.regularAlpha)).find((item) => item.fileName === "tres.pdf")!;
    expect(back).toMatchObject({ kind: "pdf", pages: 3 });

    const again = await send([{ id: back.id }]);
    expect(again.status).toBe(200);
    const docs = await documentsOf(again.json.data!.id);
    expect(docs.map((doc) => [doc.id, doc.position, doc.sourcePage])).toEqual(
      back.documentIds.map((id, index) => [id, index + 1, index + 1]),
    );
  });
});

/** A pending block of the regular user of alpha holding 12 documents: room for one entry more. */
const pendingWithTwelve = () =>
  createBlock({ client: world.alpha, sentBy: world.regularAlpha, state: "pendency", documents: 12 });

describe("POST /api/pendency/solve with a gallery PDF", () => {
  test("one entry of the 13 whatever its pages; past 13 entries refused, nothing moved", async () => {
    const block = await pendingWithTwelve();
    const pdf = await galleryPdf(world.regularAlpha, 3);
    const fit = await solve({ pendencyId: block.pendencies[0].id, documents: [{ id: pdf.pages[1]!.id }] });
    expect(fit.status).toBe(200);
    const docs = await documentsOf(block.id);
    expect(docs.slice(12).map((doc) => doc.id)).toEqual(pdf.pages.map((page) => page.id));

    const other = await pendingWithTwelve();
    const second = await galleryPdf(world.regularAlpha, 2);
    const over = await solve({
      pendencyId: other.pendencies[0].id,
      documents: [{ id: second.pages[0]!.id }, await photo()],
    });
    expect([over.status, over.json.error?.message]).toEqual([400, "Um bloco pode ter no máximo 13 imagens."]);
    expect(await db().document.count({ where: { id: { in: second.pages.map((p) => p.id) }, blockId: null } })).toBe(2);
  });
});

describe("POST /api/document/remove with a gallery PDF", () => {
  test("every page, its pictures and the PDF go in one transaction, audited per page", async () => {
    const pdf = await galleryPdf(world.regularAlpha, 3);
    const res = await remove(pdf.pages[0]!.id);
    expect([res.status, res.json.data]).toEqual([200, { documentId: pdf.pages[0]!.id }]);
    const ids = pdf.pages.map((page) => page.id);
    expect(await db().document.count({ where: { id: { in: ids } } })).toBe(0);
    for (const page of pdf.pages) {
      expect(await getBlobStore().exists(page.displayKey!)).toBe(false);
      expect(await getBlobStore().exists(page.thumbKey!)).toBe(false);
    }
    expect(await getBlobStore().exists(pdf.sourceKey)).toBe(false);
    const events = await db().auditEvent.findMany({
      where: { action: "document.remove", targetType: "document", targetId: { in: ids.map(String) } },
    });
    expect(events.map((event) => Number(event.targetId)).sort()).toEqual([...ids].sort());
    // Sent again moments later (a double click): done, nothing else.
    expect((await remove(pdf.pages[0]!.id)).status).toBe(200);
  });

  test("a colleague's shared PDF is 403 and stays whole; another company's is 404", async () => {
    const shared = await galleryPdf(world.sharerAlpha, 2);
    const refused = await remove(shared.pages[0]!.id);
    expect([refused.status, refused.json.error?.message]).toEqual([
      403,
      "Só é possível excluir documentos da sua própria galeria.",
    ]);
    expect(await db().document.count({ where: { id: { in: shared.pages.map((p) => p.id) } } })).toBe(2);

    const other = await galleryPdf(world.ownerBeta, 2, { client: world.beta as Client });
    expect((await remove(other.pages[0]!.id)).status).toBe(404);
    expect(await db().document.count({ where: { id: { in: other.pages.map((p) => p.id) } } })).toBe(2);
  });

  test("a page in a block is not taken: only the gallery's pages of that PDF go", async () => {
    const pdf = await galleryPdf(world.regularAlpha, 2);
    const block = await createBlock({ client: world.alpha, sentBy: world.regularAlpha });
    await db().document.update({ where: { id: pdf.pages[1]!.id }, data: { blockId: block.id } });
    expect((await remove(pdf.pages[0]!.id)).status).toBe(200);
    expect(await db().document.findUnique({ where: { id: pdf.pages[1]!.id } })).not.toBeNull();
    // Its last page still names the PDF: kept.
    expect(await getBlobStore().exists(pdf.sourceKey)).toBe(true);
  });
});
