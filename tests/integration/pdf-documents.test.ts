// PDFs sent beside photos through the real handlers (POST /api/block/create, /api/pendency/solve): one
// document per page with its pictures, every page naming the kept PDF; the refusals (pages, password,
// damage, size) name the file and leave no row and no blob; the document-read job reads a page's text.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { POST as createPost } from "@/app/api/block/create/route";
import { POST as undoPost } from "@/app/api/block/sent/undo/route";
import { POST as removePost } from "@/app/api/document/remove/route";
import { POST as solvePost } from "@/app/api/pendency/solve/route";
import { POST as toSolvePost } from "@/app/api/pendency/tosolve/route";
import { IMAGE_DATA_URL_MAX } from "@/lib/constants";
import type { PendencyToSolveAnswer, SentBlock } from "@/lib/contract/business";
import { getDb } from "@/server/db/client";
import { stopOcr } from "@/server/fiscal/ocr";
import { readDocument } from "@/server/documents/read-document";
import { getBlobStore } from "@/server/storage";
import { createBlock, createPendency } from "../helpers/factories";
import { call } from "../helpers/http";
import {
  BOLETO_BARCODE,
  boletoLines,
  boletoPdf,
  corruptPdf,
  danfeLines,
  danfePdf,
  DANFE_KEY,
  encryptedPdf,
  javascriptPdf,
  manyPagesPdf,
  paddedPdf,
  textPdf,
} from "../helpers/pdf-files";
import {
  buildBusinessWorld,
  documentBlobs,
  photo,
  ref,
  type BusinessPerson,
  type BusinessWorld,
} from "./business-writes-world";

process.env.DATA_DIR = path.join(tmpdir(), `bloco-pdf-documents-${randomBytes(4).toString("hex")}`);
// A photo without a code is read by OCR: its worker ends with the file.
afterAll(async () => {
  await stopOcr();
  await rm(process.env.DATA_DIR!, { recursive: true, force: true });
});

let world: BusinessWorld;
let tokens: Record<BusinessPerson, string>;
beforeAll(async () => {
  ({ world, tokens } = await buildBusinessWorld());
});

const db = () => getDb();
const dataUrl = (bytes: Buffer, type = "application/pdf") => `data:${type};base64,${bytes.toString("base64")}`;
const pdfEntry = (bytes: Buffer, name = "documento.pdf", type?: string) => ({
  id: ref("pdf"),
  name,
  base64url: dataUrl(bytes, type),
});
const send = (body: unknown, token = tokens.regularAlpha) =>
  call<SentBlock>(createPost, { body, token, path: "/api/block/create" });
const solve = (body: unknown, token = tokens.regularAlpha) =>
  call<{ blockId: number }>(solvePost, { body, token, path: "/api/pendency/solve" });
const documentsOf = (blockId: number) =>
  db().document.findMany({ where: { blockId }, orderBy: [{ position: "asc" }, { id: "asc" }] });
const stored = async () => ({
  rows: await db().document.count({ where: { clientId: world.alpha.id } }),
  blobs: (await documentBlobs(world.alpha.id)).length,
});

describe("POST /api/block/create with PDFs", () => {
  test("a PDF between two photos: one document per page with its pictures, the PDF kept byte for byte", async () => {
    const pdf = textPdf([["Página um"], ["Página dois"], ["Página três"]]);
    const before = await stored();
    const first = await photo();
    // Declared as a PNG: the bytes say PDF, and the bytes decide.
    const entry = pdfEntry(pdf, "extrato.pdf", "image/png");
    const last = await photo();

    const res = await send([first, entry, last]);

    expect(res.status).toBe(200);
    expect(res.json.data!.documentsUrl).toHaveLength(5);
    expect(res.json.data!.thumbnailsUrl).toHaveLength(5);
    const docs = await documentsOf(res.json.data!.id);
    expect(docs.map((doc) => [doc.position, doc.sourcePage])).toEqual([
      [1, null],
      [2, 1],
      [3, 2],
      [4, 3],
      [5, null],
    ]);
    const pages = docs.slice(1, 4);
    const sourceKey = pages[0]!.sourceKey!;
    expect(sourceKey).toMatch(/\.pdf$/);
    for (const page of pages) {
      // A PDF's page is no photo: no photo hash ("mesma foto").
      expect(page).toMatchObject({
        sourceKey,
        sourceMime: "application/pdf",
        originalName: "extrato.pdf",
        photoHash: null,
      });
      expect(page.displayKey).not.toBeNull();
      expect(await getBlobStore().exists(page.thumbKey!)).toBe(true);
      expect(page.width).toBe(1240);
    }
    expect(pages.map((page) => page.clientRef)).toEqual([entry.id, `${entry.id}.2`, `${entry.id}.3`]);
    expect((await getBlobStore().get(sourceKey))!.body.equals(pdf)).toBe(true);
    expect(await stored()).toEqual({ rows: before.rows + 5, blobs: before.blobs + 5 * 2 + 1 });

    // Sent again (its answer lost): the same block, nothing drawn again.
    const again = await send([first, entry, last].map((item) => ({ ...item })));
    expect([again.status, again.json.data!.id]).toEqual([200, res.json.data!.id]);
    expect(await stored()).toEqual({ rows: before.rows + 5, blobs: before.blobs + 11 });
  });

  test("sent again after its block was undone: the PDF comes back whole, its pages in order", async () => {
    const entry = pdfEntry(textPdf([["1"], ["2"], ["3"]]), "tres.pdf");
    const first = await send([await photo(), { ...entry }]);
    expect(first.status).toBe(200);
    const undo = await call(undoPost, {
      body: { blockId: first.json.data!.id },
      token: tokens.regularAlpha,
      path: "/api/block/sent/undo",
    });
    expect(undo.status).toBe(200);
    const before = await stored();

    const again = await send([{ ...entry }]);
    expect(again.status).toBe(200);
    const docs = await documentsOf(again.json.data!.id);
    expect(docs.map((doc) => [doc.position, doc.sourcePage])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(await stored()).toEqual(before);
  });

  const overLimit = () => {
    const url = dataUrl(paddedPdf(12.2));
    expect(url.length).toBeGreaterThan(IMAGE_DATA_URL_MAX);
    return url;
  };
  test.each([
    ["11 pages", () => dataUrl(manyPagesPdf(11)), 400, "O arquivo boleto.pdf tem mais de 10 páginas."],
    ["500 pages", () => dataUrl(manyPagesPdf(500)), 400, "O arquivo boleto.pdf tem mais de 10 páginas."],
    ["a user password", () => dataUrl(encryptedPdf()), 400, "O arquivo boleto.pdf está protegido por senha."],
    ["damaged bytes", () => dataUrl(corruptPdf()), 400, "O arquivo boleto.pdf está corrompido ou não é um PDF."],
    ["over 16,777,216 characters", overLimit, 413, "O arquivo boleto.pdf é grande demais."],
  ])("a PDF with %s: refused naming the file, nothing stored", async (_, url, status, message) => {
    const before = await stored();
    const res = await send([await photo(), { id: ref("pdf"), name: "boleto.pdf", base64url: url() }, await photo()]);
    expect([res.status, res.json.error?.message]).toEqual([status, message]);
    expect(res.json.error?.fields).toEqual([{ path: "1.base64url", message }]);
    expect(await stored()).toEqual(before);
  });

  test("a PDF without a name is named by its place", async () => {
    const res = await send([await photo(), { id: ref("pdf"), base64url: dataUrl(encryptedPdf()) }]);
    expect([res.status, res.json.error?.message]).toEqual([400, "O arquivo nº 2 está protegido por senha."]);
  });

  test("a PDF with JavaScript: its page drawn, its scripts never run", async () => {
    let connections = 0;
    const server = createServer((_, res) => res.end()).on("connection", () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await send([pdfEntry(javascriptPdf(`http://127.0.0.1:${port}`), "script.pdf")]);
      expect(res.status).toBe(200);
      expect(await documentsOf(res.json.data!.id)).toHaveLength(1);
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("13 entries, two of them PDFs of several pages: 17 documents; a 14th entry is refused", async () => {
    const three = textPdf([["1"], ["2"], ["3"]]);
    const photos = await Promise.all(Array.from({ length: 11 }, () => photo()));
    const res = await send([pdfEntry(three), ...photos, pdfEntry(three)]);
    expect(res.status).toBe(200);
    const docs = await documentsOf(res.json.data!.id);
    expect(docs.map((doc) => doc.position)).toEqual(Array.from({ length: 17 }, (_, index) => index + 1));

    const before = await stored();
    const over = await send([pdfEntry(three), ...(await Promise.all(Array.from({ length: 13 }, () => photo())))]);
    expect(over.status).toBe(400);
    expect(await stored()).toEqual(before);
  });
});

describe("POST /api/pendency/solve with PDFs", () => {
  test("a PDF added to the pending block, its pages after the documents kept", async () => {
    const block = await createBlock({
      client: world.alpha,
      sentBy: world.regularAlpha,
      state: "pendency",
      documents: 2,
    });
    const before = await stored();
    const res = await solve({
      pendencyId: block.pendencies[0].id,
      documents: [pdfEntry(textPdf([["a"], ["b"]]), "nota.pdf")],
      removedDocuments: [block.documents[1].id],
    });
    expect(res.status).toBe(200);
    // The factory's documents sit at place 0: the pages follow the one kept, at the next places.
    const docs = await documentsOf(block.id);
    expect(docs.map((doc) => [doc.id, doc.position, doc.sourcePage])).toEqual([
      [block.documents[0].id, 0, null],
      [expect.any(Number), 1, 1],
      [expect.any(Number), 2, 2],
    ]);
    expect(await stored()).toEqual({ rows: before.rows + 2, blobs: before.blobs + 5 });
  });

  test("a refused PDF: the pendency stays open, nothing stored", async () => {
    const block = await createBlock({ client: world.alpha, sentBy: world.regularAlpha, state: "pendency" });
    const before = await stored();
    const res = await solve({
      pendencyId: block.pendencies[0].id,
      documents: [{ id: ref("pdf"), name: "x.pdf", base64url: dataUrl(manyPagesPdf(11)) }],
    });
    expect([res.status, res.json.error?.message]).toEqual([400, "O arquivo x.pdf tem mais de 10 páginas."]);
    expect(res.json.error?.fields).toEqual([
      { path: "documents.0.base64url", message: "O arquivo x.pdf tem mais de 10 páginas." },
    ]);
    expect(await db().pendency.findUniqueOrThrow({ where: { id: block.pendencies[0].id } })).toMatchObject({
      solvedAt: null,
    });
    expect(await stored()).toEqual(before);
  });

  test("a PDF counts once: 11 documents, a PDF of 3 pages and a photo fit; a 14th entry does not", async () => {
    const block = await createBlock({
      client: world.alpha,
      sentBy: world.regularAlpha,
      state: "pendency",
      documents: 11,
    });
    const fit = await solve({
      pendencyId: block.pendencies[0].id,
      documents: [pdfEntry(textPdf([["1"], ["2"], ["3"]])), await photo()],
    });
    expect(fit.status).toBe(200);
    expect(await documentsOf(block.id)).toHaveLength(15);

    const pendency = await createPendency({ block, issue: 1 });
    const over = await solve({ pendencyId: pendency.id, documents: [await photo()] });
    expect([over.status, over.json.error?.message]).toEqual([400, "Um bloco pode ter no máximo 13 imagens."]);
  });

  test("taking out one page takes the whole PDF; deleted from the gallery, every page and the PDF go", async () => {
    const block = await createBlock({ client: world.alpha, sentBy: world.regularAlpha, state: "pendency" });
    const first = await solve({
      pendencyId: block.pendencies[0].id,
      documents: [pdfEntry(textPdf([["a"], ["b"]]))],
    });
    expect(first.status).toBe(200);
    const pages = (await documentsOf(block.id)).filter((doc) => doc.sourcePage !== null);
    const sourceKey = pages[0]!.sourceKey!;

    const pendency = await createPendency({ block, issue: 1 });
    // Blocos com pendencia learns which pictures are one PDF: the id of its first page.
    const shown = await call<PendencyToSolveAnswer>(toSolvePost, {
      body: { open: pendency.id },
      token: tokens.regularAlpha,
      path: "/api/pendency/tosolve",
    });
    expect(shown.json.data!.pendency!.documents.map((doc) => doc.pdf)).toEqual([undefined, pages[0]!.id, pages[0]!.id]);
    const out = await solve({ pendencyId: pendency.id, removedDocuments: [pages[1]!.id] });
    expect(out.status).toBe(200);
    expect(await documentsOf(block.id)).toHaveLength(1);

    const remove = (documentId: number) =>
      call(removePost, { body: { documentId }, token: tokens.regularAlpha, path: "/api/document/remove" });
    // Back in the gallery the PDF is one entry: deleting it deletes every page, then the PDF
    // (decisions/0340; a page still in a block keeps it: tests/integration/gallery-pdf.test.ts).
    expect((await remove(pages[0]!.id)).status).toBe(200);
    for (const page of pages) expect(await getBlobStore().exists(page.displayKey!)).toBe(false);
    expect(await db().document.count({ where: { id: { in: pages.map((page) => page.id) } } })).toBe(0);
    expect(await getBlobStore().exists(sourceKey)).toBe(false);
    // The other page's removal, sent moments later: already done.
    expect((await remove(pages[1]!.id)).status).toBe(200);
  });
});

describe("readDocument on a PDF's page", () => {
  test("a boleto: a payment finding from the text layer, with its due date and value", async () => {
    const res = await send([pdfEntry(boletoPdf(), "boleto.pdf")]);
    const [doc] = await documentsOf(res.json.data!.id);
    expect(await readDocument(doc!.id, { now: new Date("2026-11-29T12:00:00Z") })).toBe("read");
    const findings = await db().documentFinding.findMany({ where: { documentId: doc!.id } });
    expect(findings.map((row) => [row.source, row.code])).toEqual([["pdf-text", BOLETO_BARCODE]]);
    expect(findings[0]!.finding).toMatchObject({
      kind: "payment",
      source: "pdf-text",
      code: { barcode: BOLETO_BARCODE, valueCents: 370_000, dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    });
    expect((await db().document.findUniqueOrThrow({ where: { id: doc!.id } })).readAt).toEqual(expect.any(Date));
  });

  test("a PDF's pages are read from one reading of its text layer", async () => {
    const twoPages = textPdf([boletoLines(), danfeLines()]);
    const res = await send([pdfEntry(twoPages, "boleto-e-nota.pdf")]);
    const [first, second] = await documentsOf(res.json.data!.id);
    expect(first!.sourceKey).toBe(second!.sourceKey);
    expect(await readDocument(first!.id, { now: new Date("2026-11-29T12:00:00Z") })).toBe("read");
    // The kept PDF is gone before its second page is read: its text, read with the first page, serves.
    await getBlobStore().delete(second!.sourceKey!);
    expect(await readDocument(second!.id)).toBe("read");
    const findings = await db().documentFinding.findMany({
      where: { documentId: { in: [first!.id, second!.id] } },
      orderBy: { documentId: "asc" },
    });
    expect(findings.map((row) => [row.documentId, row.source, row.code])).toEqual([
      [first!.id, "pdf-text", BOLETO_BARCODE],
      [second!.id, "pdf-text", DANFE_KEY],
    ]);
  });

  test("a DANFE: the access key with the page's total", async () => {
    const res = await send([pdfEntry(danfePdf(), "danfe.pdf")]);
    const [doc] = await documentsOf(res.json.data!.id);
    await readDocument(doc!.id);
    const findings = await db().documentFinding.findMany({ where: { documentId: doc!.id } });
    expect(findings.map((row) => row.finding)).toEqual([
      expect.objectContaining({ kind: "fiscal", source: "pdf-text", key: DANFE_KEY, valueCents: 123_456 }),
    ]);
  });
});
