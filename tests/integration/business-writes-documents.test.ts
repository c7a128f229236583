// POST /api/document/remove and /api/document/devolved/restore through the real handlers:
// a gallery document deleted for good (row and pictures), a returned one deleted or sent back to its
// uploader's gallery as rescued; business users of the owning company only.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { POST as devolvePost } from "@/app/api/block/devolve/route";
import { POST as createPost } from "@/app/api/block/create/route";
import { POST as restorePost } from "@/app/api/document/devolved/restore/route";
import { GET as devolvedGet } from "@/app/api/document/devolved/route";
import { POST as removePost } from "@/app/api/document/remove/route";
import { POST as libraryPost } from "@/app/api/library/documents/route";
import { DAY_MS } from "@/lib/constants";
import type { GalleryDocument, ReturnedDocument } from "@/lib/contract/business";
import { getDb, type Document } from "@/server/db/client";
import { getBlobStore } from "@/server/storage";
import { createBlock, createDocument } from "../helpers/factories";
import { call } from "../helpers/http";
import { buildBusinessWorld, type BusinessPerson, type BusinessWorld } from "./business-writes-world";

process.env.DATA_DIR = path.join(tmpdir(), `bloco-business-documents-${randomBytes(4).toString("hex")}`);
afterAll(() => rm(process.env.DATA_DIR!, { recursive: true, force: true }));

let world: BusinessWorld;
let tokens: Record<BusinessPerson, string>;
beforeAll(async () => {
  ({ world, tokens } = await buildBusinessWorld());
});

type Answer = { documentId: number };
const remove = (token: string | undefined, body: unknown) =>
  call<Answer>(removePost, { body, token, path: "/api/document/remove" });
const restore = (token: string | undefined, body: unknown) =>
  call<Answer>(restorePost, { body, token, path: "/api/document/devolved/restore" });
const db = () => getDb();
const blobsExist = async (doc: Document) => [
  await getBlobStore().exists(doc.displayKey!),
  await getBlobStore().exists(doc.thumbKey!),
];

/** A document of alpha the office returned (its block devolved) `daysAgo` days ago, sent by regularAlpha. */
async function returned(daysAgo = 1, sentBy: { id: number } | null = world.regularAlpha): Promise<Document> {
  const devolvedAt = new Date(Date.now() - daysAgo * DAY_MS);
  const block = await createBlock({
    client: world.alpha,
    sentBy,
    state: "devolved",
    sentAt: new Date(devolvedAt.getTime() - DAY_MS),
    devolvedAt,
  });
  return block.documents[0];
}
const ownGallery = () => createDocument({ client: world.alpha, uploadedBy: world.regularAlpha });

describe("POST /api/document/remove", () => {
  test("the caller's own gallery document: row and both pictures gone, audited", async () => {
    const doc = await ownGallery();
    expect(await blobsExist(doc)).toEqual([true, true]);
    const res = await remove(tokens.regularAlpha, { documentId: doc.id });
    expect([res.status, res.json.data]).toEqual([200, { documentId: doc.id }]);
    expect(await db().document.findUnique({ where: { id: doc.id } })).toBeNull();
    expect(await blobsExist(doc)).toEqual([false, false]);
    expect(
      await db().auditEvent.count({
        where: { action: "document.remove", targetId: String(doc.id), actorUserId: world.regularAlpha.userId },
      }),
    ).toBe(1);
    const gallery = await call<GalleryDocument[]>(libraryPost, { body: {}, token: tokens.regularAlpha });
    expect(gallery.json.data!.map((d) => d.id)).not.toContain(doc.id);
  });

  test("a returned document, by any operator of the company: gone from Devolvidos with its pictures", async () => {
    const doc = await returned();
    const res = await remove(tokens.adminAlpha, { documentId: doc.id });
    expect(res.status).toBe(200);
    expect(await db().document.findUnique({ where: { id: doc.id } })).toBeNull();
    expect(await blobsExist(doc)).toEqual([false, false]);
    const list = await call<ReturnedDocument[]>(devolvedGet, { token: tokens.regularAlpha });
    expect(list.json.data!.map((d) => d.id)).not.toContain(doc.id);
  });

  test("a picture already missing from the store does not fail the removal", async () => {
    const doc = await ownGallery();
    await getBlobStore().delete(doc.displayKey!);
    expect((await remove(tokens.regularAlpha, { documentId: doc.id })).status).toBe(200);
    expect(await blobsExist(doc)).toEqual([false, false]);
  });

  type Refusal = {
    name: string;
    setup: () => Promise<{ id: number }>;
    who?: BusinessPerson;
    status: number;
    message: string;
  };
  const refusals: Refusal[] = [
    {
      name: "a document of a block waiting on a pendency",
      setup: async () =>
        (await createBlock({ client: world.alpha, sentBy: world.regularAlpha, state: "pendency" })).documents[0],
      status: 409,
      message: "Este documento pertence a um bloco com pendência e não pode ser excluído.",
    },
    {
      name: "a document of a sent block",
      setup: async () => (await createBlock({ client: world.alpha, sentBy: world.regularAlpha })).documents[0],
      status: 409,
      message: "Este documento pertence a um bloco e não pode ser excluído.",
    },
    {
      name: "a colleague's gallery document, shared with the caller",
      setup: () => createDocument({ client: world.alpha, uploadedBy: world.sharerAlpha }),
      status: 403,
      message: "Só é possível excluir documentos da sua própria galeria.",
    },
    {
      name: "an own document outside the default library",
      setup: () => createDocument({ client: world.alpha, uploadedBy: world.regularAlpha, library: "arquivo" }),
      status: 403,
      message: "Só é possível excluir documentos da sua própria galeria.",
    },
    {
      name: "another company's document",
      who: "ownerBeta",
      setup: ownGallery,
      status: 404,
      message: "Documento não encontrado.",
    },
    {
      name: "an unknown document",
      setup: async () => ({ id: 2_000_000_000 }),
      status: 404,
      message: "Documento não encontrado.",
    },
    {
      name: "an accountant of the office",
      who: "regularA",
      setup: ownGallery,
      status: 403,
      message: "Esta ação é da plataforma da empresa.",
    },
    {
      name: "the office owner, on a returned one",
      who: "ownerA",
      setup: () => returned(),
      status: 403,
      message: "Esta ação é da plataforma da empresa.",
    },
  ];
  test.each(refusals)("$name → $status, nothing deleted", async ({ setup, who = "regularAlpha", status, message }) => {
    const doc = await setup();
    const before = await db().document.findUnique({ where: { id: doc.id } });
    const res = await remove(tokens[who], { documentId: doc.id });
    expect([res.status, res.json.error?.message]).toEqual([status, message]);
    expect(await db().document.findUnique({ where: { id: doc.id } })).toEqual(before);
    if (before) expect(await blobsExist(before)).toEqual([true, true]);
  });

  test("removed already: the caller's repeat → 200 as done, anyone else's → 404; blocked → 401; anonymous → 401", async () => {
    const doc = await ownGallery();
    expect((await remove(tokens.regularAlpha, { documentId: doc.id })).status).toBe(200);
    const again = await remove(tokens.regularAlpha, { documentId: doc.id });
    expect([again.status, again.json.data]).toEqual([200, { documentId: doc.id }]);
    expect(await db().auditEvent.count({ where: { action: "document.remove", targetId: String(doc.id) } })).toBe(1);
    expect((await remove(tokens.adminAlpha, { documentId: doc.id })).status).toBe(404);
    expect((await remove(tokens.ownerBeta, { documentId: doc.id })).status).toBe(404);
    const other = await ownGallery();
    expect((await remove(tokens.blockedAlpha, { documentId: other.id })).status).toBe(401);
    expect((await remove(undefined, { documentId: other.id })).status).toBe(401);
  });

  test.each([
    ["no documentId", {}],
    ["documentId -1", { documentId: -1 }],
    ["documentId 1.5", { documentId: 1.5 }],
  ])("%s → 400", async (_name, body) => {
    const res = await remove(tokens.regularAlpha, body);
    expect([res.status, res.json.error!.fields![0].path]).toEqual([400, "documentId"]);
  });

  test("two removals of the caller racing (a double click): both 200, one removal", async () => {
    const doc = await ownGallery();
    const results = await Promise.all([
      remove(tokens.regularAlpha, { documentId: doc.id }),
      remove(tokens.regularAlpha, { documentId: doc.id }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(await db().auditEvent.count({ where: { action: "document.remove", targetId: String(doc.id) } })).toBe(1);
  });
});

describe("POST /api/document/devolved/restore", () => {
  test("back in its uploader's gallery as rescued, out of Devolvidos, audited", async () => {
    const doc = await returned();
    const res = await restore(tokens.ownerAlpha, { documentId: doc.id });
    expect([res.status, res.json.data]).toEqual([200, { documentId: doc.id }]);
    const after = await db().document.findUniqueOrThrow({ where: { id: doc.id } });
    expect(after).toMatchObject({
      devolvedAt: null,
      rescued: true,
      blockId: null,
      uploadedById: world.regularAlpha.id,
    });
    expect(after.restoredAt).toEqual(expect.any(Date));
    const gallery = await call<GalleryDocument[]>(libraryPost, { body: {}, token: tokens.regularAlpha });
    expect(gallery.json.data!.find((d) => d.id === doc.id)).toMatchObject({ rescued: true, deletable: true });
    const list = await call<ReturnedDocument[]>(devolvedGet, { token: tokens.ownerAlpha });
    expect(list.json.data!.map((d) => d.id)).not.toContain(doc.id);
    expect(await blobsExist(doc)).toEqual([true, true]);
    expect(
      await db().auditEvent.count({
        where: { action: "document.restore", targetId: String(doc.id), actorUserId: world.ownerAlpha.userId },
      }),
    ).toBe(1);
  });

  test("a document whose uploader left the company goes to the gallery of whoever restores it", async () => {
    const doc = await returned(1, null);
    expect((await restore(tokens.adminAlpha, { documentId: doc.id })).status).toBe(200);
    expect((await db().document.findUniqueOrThrow({ where: { id: doc.id } })).uploadedById).toBe(world.adminAlpha.id);
  });

  test("restoring twice: the caller's own repeat is 200 as done, a colleague's second restore 404; two restores racing: one restore", async () => {
    const doc = await returned();
    expect((await restore(tokens.regularAlpha, { documentId: doc.id })).status).toBe(200);
    const after = await db().document.findUniqueOrThrow({ where: { id: doc.id } });
    const again = await restore(tokens.regularAlpha, { documentId: doc.id });
    expect([again.status, again.json.data]).toEqual([200, { documentId: doc.id }]);
    expect(await db().document.findUniqueOrThrow({ where: { id: doc.id } })).toEqual(after);
    expect((await restore(tokens.adminAlpha, { documentId: doc.id })).json.error).toEqual({
      code: "not_found",
      message: "Documento não encontrado.",
    });
    expect((await restore(tokens.ownerBeta, { documentId: doc.id })).json.error).toEqual({
      code: "not_found",
      message: "Documento não encontrado.",
    });
    const raced = await returned();
    const results = await Promise.all([
      restore(tokens.regularAlpha, { documentId: raced.id }),
      restore(tokens.adminAlpha, { documentId: raced.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(await db().auditEvent.count({ where: { action: "document.restore", targetId: String(raced.id) } })).toBe(1);
    // A double click: the same caller twice at once, both done, one restore.
    const doubled = await returned();
    const both = await Promise.all([
      restore(tokens.regularAlpha, { documentId: doubled.id }),
      restore(tokens.regularAlpha, { documentId: doubled.id }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await db().auditEvent.count({ where: { action: "document.restore", targetId: String(doubled.id) } })).toBe(
      1,
    );
  });

  type Refusal = {
    name: string;
    setup: () => Promise<{ id: number }>;
    who?: BusinessPerson;
    status: number;
    message: string;
  };
  const refusals: Refusal[] = [
    { name: "a gallery document (not returned)", setup: ownGallery, status: 404, message: "Documento não encontrado." },
    {
      name: "one past its 7-day deadline",
      setup: () => returned(8),
      status: 404,
      message: "Documento não encontrado.",
    },
    {
      name: "another company's",
      who: "ownerBeta",
      setup: () => returned(),
      status: 404,
      message: "Documento não encontrado.",
    },
    {
      name: "an accountant of the office",
      who: "regularA",
      setup: () => returned(),
      status: 403,
      message: "Esta ação é da plataforma da empresa.",
    },
    {
      name: "the office owner",
      who: "ownerA",
      setup: () => returned(),
      status: 403,
      message: "Esta ação é da plataforma da empresa.",
    },
  ];
  test.each(refusals)("$name → $status, nothing changes", async ({ setup, who = "regularAlpha", status, message }) => {
    const doc = await setup();
    const before = await db().document.findUnique({ where: { id: doc.id } });
    const res = await restore(tokens[who], { documentId: doc.id });
    expect([res.status, res.json.error?.message]).toEqual([status, message]);
    expect(await db().document.findUnique({ where: { id: doc.id } })).toEqual(before);
  });

  test("blocked → 401; anonymous → 401; a bad id → 400", async () => {
    const doc = await returned();
    expect((await restore(tokens.blockedAlpha, { documentId: doc.id })).status).toBe(401);
    expect((await restore(undefined, { documentId: doc.id })).status).toBe(401);
    expect((await restore(tokens.regularAlpha, { documentId: "abc" })).status).toBe(400);
  });
});

test("a document restored, sent again and returned again is in Devolvidos again, and can be restored again", async () => {
  const doc = await returned();
  expect((await restore(tokens.regularAlpha, { documentId: doc.id })).status).toBe(200);
  const sent = await call<{ id: number }>(createPost, {
    body: [{ id: doc.id }],
    token: tokens.regularAlpha,
    path: "/api/block/create",
  });
  expect(sent.status).toBe(200);
  expect((await call(devolvePost, { body: { blockId: sent.json.data!.id }, token: tokens.regularA })).status).toBe(200);
  const list = await call<ReturnedDocument[]>(devolvedGet, { token: tokens.ownerAlpha });
  expect(list.json.data!.map((d) => d.id)).toContain(doc.id);
  expect((await db().document.findUniqueOrThrow({ where: { id: doc.id } })).restoredAt).toBeNull();
  expect((await restore(tokens.ownerAlpha, { documentId: doc.id })).status).toBe(200);
});
