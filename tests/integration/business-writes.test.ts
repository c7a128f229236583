// POST /api/block/create through the real handler: the spec's array body of new photos
// and gallery documents, atomic (a failed send leaves no row and no blob), idempotent by the entries'
// ids (a retried, raced or cut-off send makes one block), business users only.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { POST as createPost } from "@/app/api/block/create/route";
import { MAX_BLOCK_IMAGES, SENT_UNDO_MS } from "@/lib/constants";
import { sentBlockSchema, type SentBlock } from "@/lib/contract/business";
import { getDb } from "@/server/db/client";
import { uploadSlots } from "@/server/http/upload-slots";
import { getBlobStore } from "@/server/storage";
import { createBlock, createDocument } from "../helpers/factories";
import { call } from "../helpers/http";
import { gifImage, photoJpeg, pixelBombPng, toDataUrl, truncatedJpeg } from "../helpers/images";
import {
  buildBusinessWorld,
  documentBlobs,
  photo,
  receiptDataUrl,
  ref,
  type BusinessPerson,
  type BusinessWorld,
} from "./business-writes-world";

// Some tests hold a send's body open while they look: no minimum rate within the test's time.
process.env.BODY_RATE_GRACE_MS = "600000";
process.env.DATA_DIR = path.join(tmpdir(), `bloco-business-writes-${randomBytes(4).toString("hex")}`);
afterAll(() => rm(process.env.DATA_DIR!, { recursive: true, force: true }));

let world: BusinessWorld;
let tokens: Record<BusinessPerson, string>;
beforeAll(async () => {
  ({ world, tokens } = await buildBusinessWorld());
});

const send = (token: string | undefined, body: unknown) =>
  call<SentBlock>(createPost, { body, token, path: "/api/block/create" });
const db = () => getDb();
const blocksOf = (clientId: number) =>
  db().block.findMany({ where: { clientId }, include: { documents: { orderBy: { id: "asc" } } } });

describe("POST /api/block/create", () => {
  test("new photos and gallery documents (own and a sharing colleague's) become one uncategorised block", async () => {
    const { alpha, regularAlpha, sharerAlpha } = world;
    const own = await createDocument({ client: alpha, uploadedBy: regularAlpha });
    const shared = await createDocument({ client: alpha, uploadedBy: sharerAlpha });
    const before = await db().client.findUniqueOrThrow({ where: { id: alpha.id } });
    const blobsBefore = await documentBlobs(alpha.id);
    const entries = [await photo(), { id: own.id }, await photo(), { id: shared.id }];

    const res = await send(tokens.regularAlpha, entries);

    expect(res.status).toBe(200);
    const answer = sentBlockSchema.parse(res.json.data);
    const block = await db().block.findUniqueOrThrow({
      where: { id: answer.id },
      include: { documents: { orderBy: [{ position: "asc" }, { id: "asc" }] } },
    });
    expect(block).toMatchObject({
      clientId: alpha.id,
      sentById: regularAlpha.id,
      accountId: null,
      paymentDate: null,
      valueCents: null,
      undoneAt: null,
    });
    expect(block.sendKey).toMatch(/^[0-9a-f]{64}$/);
    expect(answer).toMatchObject({ accountId: null, operatorId: regularAlpha.id, date: block.sentAt.toISOString() });
    expect(answer.contabilizedDatetime).toBeUndefined();
    expect(new Date(answer.undoableUntil!).getTime()).toBe(block.sentAt.getTime() + SENT_UNDO_MS);
    // The gallery documents moved in; the photos are new rows carrying their client ids; all in the body's order.
    expect(block.documents.map((d) => d.position)).toEqual([1, 2, 3, 4]);
    expect([block.documents[1].id, block.documents[3].id]).toEqual([own.id, shared.id]);
    const created = [block.documents[0], block.documents[2]];
    expect(created.map((d) => d.clientRef)).toEqual([entries[0].id, entries[2].id]);
    expect(created.every((d) => d.uploadedById === regularAlpha.id && d.library === "" && !d.rescued)).toBe(true);
    // Each new photo keeps its perceptual hash ("mesma foto"); the gallery documents, stored by the
    // factory, have none.
    expect(created.every((d) => typeof d.photoHash === "bigint")).toBe(true);
    expect(answer.documentsUrl).toEqual(
      block.documents.map((d) => expect.stringContaining(`/api/files/${d.displayKey!}?`)),
    );
    expect(answer.thumbnailsUrl).toEqual(
      block.documents.map((d) => expect.stringContaining(`/api/files/${d.thumbKey!}?`)),
    );
    // Pictures: upright (the receipt is stored sideways with EXIF orientation 6), WebP, no metadata.
    const display = (await getBlobStore().get(created[0].displayKey!))!.body;
    const meta = await sharp(display).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 800, 1200, undefined]);
    expect([created[0].width, created[0].height]).toEqual([800, 1200]);
    expect((await documentBlobs(alpha.id)).length).toBe(blobsBefore.length + 4);
    // The office sees the client move; the send is audited.
    const after = await db().client.findUniqueOrThrow({ where: { id: alpha.id } });
    expect(after.modifiedAt.getTime()).toBeGreaterThan(before.modifiedAt.getTime());
    const audit = await db().auditEvent.findFirstOrThrow({
      where: { action: "block.create", targetId: String(block.id) },
    });
    expect(audit).toMatchObject({ actorUserId: regularAlpha.userId, clientId: alpha.id, officeId: alpha.officeId });
  });

  test("a retried send answers the same block: no second block, row or blob", async () => {
    const entries = [await photo(), await photo()];
    const first = await send(tokens.adminAlpha, entries);
    const blobs = await documentBlobs(world.alpha.id);
    const again = await send(tokens.adminAlpha, [...entries].reverse());
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.json.data!.id).toBe(first.json.data!.id);
    expect(await db().document.count({ where: { clientRef: { in: entries.map((e) => e.id) } } })).toBe(2);
    expect(await documentBlobs(world.alpha.id)).toEqual(blobs);
  });

  test("identical sends racing in parallel make exactly one block, answered to all of them", async () => {
    const entries = [await photo(), await photo(), await photo()];
    const blobs = (await documentBlobs(world.alpha.id)).length;
    // Two: one user holds at most two of the three upload slots at once (server/http/upload-slots.ts).
    const results = await Promise.all([1, 2].map(() => send(tokens.ownerAlpha, entries)));
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const ids = new Set(results.map((r) => r.json.data!.id));
    expect(ids.size).toBe(1);
    const blocks = await db().block.findMany({
      where: { sentById: world.ownerAlpha.id },
      include: { documents: true },
    });
    expect(blocks).toHaveLength(1);
    expect(blocks[0].documents).toHaveLength(3);
    // The losers deleted the pictures they had written: 3 photos, 2 files each.
    expect((await documentBlobs(world.alpha.id)).length).toBe(blobs + 6);
  });

  test("a bad 5th image fails the whole send: no block, no document, no blob", async () => {
    const { alpha, adminAlpha } = world;
    const own = await createDocument({ client: alpha, uploadedBy: adminAlpha });
    const blocks = (await blocksOf(alpha.id)).length;
    const blobs = await documentBlobs(alpha.id);
    const broken = { id: ref(), base64url: toDataUrl(await truncatedJpeg()) };
    const entries = [await photo(), { id: own.id }, await photo(), await photo(), broken, await photo(), await photo()];

    const res = await send(tokens.adminAlpha, entries);

    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: "invalid_input",
      message: "Imagem 5: A imagem está corrompida ou incompleta.",
    });
    expect(res.json.error!.fields).toEqual([
      { path: "4.base64url", message: "A imagem está corrompida ou incompleta." },
    ]);
    expect((await blocksOf(alpha.id)).length).toBe(blocks);
    expect(await db().document.count({ where: { clientRef: { in: entries.map((e) => String(e.id)) } } })).toBe(0);
    expect((await db().document.findUniqueOrThrow({ where: { id: own.id } })).blockId).toBeNull();
    expect(await documentBlobs(alpha.id)).toEqual(blobs);
    // The same photos sent again with the bad one left out go through.
    const retry = await send(
      tokens.adminAlpha,
      entries.filter((e) => e !== broken),
    );
    expect(retry.status).toBe(200);
    expect(retry.json.data!.documentsUrl).toHaveLength(6);
  });

  test("large photos (decoded as they arrive): a bad 3rd one fails the whole send and leaves nothing; the good ones make one block, once", async () => {
    const { alpha } = world;
    // Noisy 900x700 photos: each data URL is past 64 KB and the body past 256 KB, so the route decodes
    // them while the body is still being read (server/http/read-body.ts, block/create's `early`).
    const large = async () => ({ id: ref(), base64url: toDataUrl(await photoJpeg(900, 700)) });
    const good = [await large(), await large(), await large()];
    const full = await photoJpeg(900, 700);
    const broken = { id: ref(), base64url: toDataUrl(full.subarray(0, Math.floor(full.length / 2))) };
    expect(broken.base64url.length).toBeGreaterThan(65_536);
    const blocks = (await blocksOf(alpha.id)).length;
    const blobs = await documentBlobs(alpha.id);

    const res = await send(tokens.adminAlpha, [good[0], good[1], broken, good[2]]);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: "invalid_input",
      message: "Imagem 3: A imagem está corrompida ou incompleta.",
    });
    expect(res.json.error!.fields).toEqual([
      { path: "2.base64url", message: "A imagem está corrompida ou incompleta." },
    ]);
    expect((await blocksOf(alpha.id)).length).toBe(blocks);
    expect(await documentBlobs(alpha.id)).toEqual(blobs);

    const sent = await send(tokens.adminAlpha, good);
    expect(sent.status).toBe(200);
    expect(sent.json.data!.documentsUrl).toHaveLength(3);
    const again = await send(tokens.adminAlpha, good);
    expect(again.json.data!.id).toBe(sent.json.data!.id);
    const block = (await blocksOf(alpha.id)).find((b) => b.id === sent.json.data!.id)!;
    expect(block.documents.map((d) => [d.width, d.height, d.mime])).toEqual(good.map(() => [900, 700, "image/webp"]));
    // Two pictures per photo, written once: the retry decoded (early) but wrote nothing.
    expect((await documentBlobs(alpha.id)).length).toBe(blobs.length + 6);
  });

  test("a send cut off mid-upload leaves nothing; sent again, it makes one block", async () => {
    const { alpha } = world;
    const entries = [await photo(), await photo()];
    const text = new TextEncoder().encode(JSON.stringify(entries));
    const blobs = await documentBlobs(alpha.id);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(text.subarray(0, Math.floor(text.length / 2)));
        controller.error(new Error("aborted"));
      },
    });
    const req = new Request("http://localhost/api/block/create", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${tokens.regularAlpha}`,
        "content-length": String(text.length),
      },
      body,
      duplex: "half",
    } as RequestInit);
    const cut = await createPost(req, { params: Promise.resolve({}) });
    expect(cut.status).toBe(499);
    expect(await db().document.count({ where: { clientRef: { in: entries.map((e) => e.id) } } })).toBe(0);
    expect(await documentBlobs(alpha.id)).toEqual(blobs);

    const first = await send(tokens.regularAlpha, entries);
    const second = await send(tokens.regularAlpha, entries);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.json.data!.id).toBe(first.json.data!.id);
    expect(await db().block.count({ where: { documents: { some: { clientRef: entries[0].id } } } })).toBe(1);
    expect((await documentBlobs(alpha.id)).length).toBe(blobs.length + 4);
  });

  describe("refused bodies: 400/413/415 and nothing written", () => {
    type Case = { name: string; body: () => Promise<unknown>; status: number; message: string | RegExp };
    const many = async (n: number) => Promise.all(Array.from({ length: n }, () => photo()));
    const cases: Case[] = [
      { name: "no document", body: async () => [], status: 400, message: /^Dados inválidos\./ },
      { name: "14 documents", body: () => many(MAX_BLOCK_IMAGES + 1), status: 400, message: /^Dados inválidos\./ },
      {
        name: "not a list",
        body: async () => ({ documents: [await photo()] }),
        status: 400,
        message: /^Dados inválidos\./,
      },
      {
        name: "the same photo id twice",
        body: async () => [await photo("x"), await photo("x")],
        status: 400,
        message: "Dados inválidos. Identificador inválido",
      },
      {
        name: "a photo id with a slash",
        body: async () => [{ id: "a/b", base64url: await receiptDataUrl() }],
        status: 400,
        message: "Dados inválidos. 0.id: Identificador inválido",
      },
      { name: "a document id of 0", body: async () => [{ id: 0 }], status: 400, message: /^Dados inválidos\. 0\.id/ },
      {
        name: "a photo without its data",
        body: async () => [{ id: ref(), base64url: "" }],
        status: 400,
        message: /^Dados inválidos\./,
      },
      {
        name: "not a data URL",
        body: async () => [{ id: ref(), base64url: "https://example.com/a.jpg" }],
        status: 400,
        message: "Imagem 1: A imagem enviada não é um data URL válido.",
      },
      {
        name: "a GIF",
        body: async () => [await photo(), { id: ref(), base64url: toDataUrl(await gifImage(), "image/gif") }],
        status: 415,
        message: /^Imagem 2: Formato de imagem não suportado/,
      },
      {
        name: "a pixel bomb",
        body: async () => [{ id: ref(), base64url: toDataUrl(await pixelBombPng(), "image/png") }],
        status: 413,
        message: "Imagem 1: A imagem tem dimensões grandes demais.",
      },
    ];
    test.each(cases)("$name → $status", async ({ body, status, message }) => {
      const blocks = (await blocksOf(world.alpha.id)).length;
      const blobs = await documentBlobs(world.alpha.id);
      const res = await send(tokens.sharerAlpha, await body());
      expect(res.status).toBe(status);
      if (typeof message === "string") expect(res.json.error!.message).toBe(message);
      else expect(res.json.error!.message).toMatch(message);
      expect((await blocksOf(world.alpha.id)).length).toBe(blocks);
      expect(await documentBlobs(world.alpha.id)).toEqual(blobs);
    });
  });

  describe("gallery documents outside the caller's galleries: 404, nothing written", () => {
    type Case = { name: string; document: (w: BusinessWorld) => Promise<{ id: number }> };
    const cases: Case[] = [
      {
        name: "a colleague's that is not shared",
        document: (w) => createDocument({ client: w.alpha, uploadedBy: w.ownerAlpha }),
      },
      { name: "another company's", document: (w) => createDocument({ client: w.beta, uploadedBy: w.ownerBeta }) },
      {
        name: "one already in a block",
        document: async (w) => (await createBlock({ client: w.alpha, sentBy: w.regularAlpha })).documents[0],
      },
      {
        name: "one the office returned",
        document: async (w) =>
          (await createBlock({ client: w.alpha, sentBy: w.regularAlpha, state: "devolved" })).documents[0],
      },
      { name: "one that does not exist", document: async () => ({ id: 2_000_000_000 }) },
    ];
    test.each(cases)("$name", async ({ document }) => {
      const doc = await document(world);
      const blocks = (await blocksOf(world.alpha.id)).length;
      const blobs = await documentBlobs(world.alpha.id);
      const res = await send(tokens.regularAlpha, [await photo(), { id: doc.id }]);
      expect(res.status).toBe(404);
      expect(res.json.error!.message).toBe(
        "Documento da galeria não encontrado: ele pode ter sido enviado ou excluído.",
      );
      expect((await blocksOf(world.alpha.id)).length).toBe(blocks);
      expect(await documentBlobs(world.alpha.id)).toEqual(blobs);
    });

    test("two sends racing for one gallery document: one block takes it, the other is 404 and leaves nothing", async () => {
      const doc = await createDocument({ client: world.alpha, uploadedBy: world.regularAlpha });
      const blobs = (await documentBlobs(world.alpha.id)).length;
      const results = await Promise.all([
        send(tokens.regularAlpha, [await photo(), { id: doc.id }]),
        send(tokens.regularAlpha, [await photo(), { id: doc.id }]),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
      expect(await db().block.count({ where: { documents: { some: { id: doc.id } } } })).toBe(1);
      expect((await documentBlobs(world.alpha.id)).length).toBe(blobs + 2);
    });

    test("a photo id already sent in another block: 409", async () => {
      const taken = await photo();
      expect((await send(tokens.regularAlpha, [taken])).status).toBe(200);
      const res = await send(tokens.regularAlpha, [taken, await photo()]);
      expect(res.status).toBe(409);
      expect(res.json.error!.message).toBe("Esta imagem já foi enviada em outro bloco.");
    });
  });

  describe("who may send", () => {
    const allowed: BusinessPerson[] = [
      "ownerAlpha",
      "adminAlpha",
      "regularAlpha",
      "sharerAlpha",
      "dualAlpha",
      "ownerBeta",
    ];
    test.each(allowed)("%s sends a block of its own company", async (who) => {
      const res = await send(tokens[who], [await photo()]);
      expect(res.status).toBe(200);
      const block = await db().block.findUniqueOrThrow({ where: { id: res.json.data!.id }, include: { sentBy: true } });
      expect(block.sentBy!.userId).toBe(world[who].userId);
      expect(block.clientId).toBe(who === "ownerBeta" ? world.beta.id : world.alpha.id);
    });

    const accountants: BusinessPerson[] = ["ownerA", "adminA", "regularA", "sharedA", "outsiderA", "ownerB"];
    test.each(accountants)("%s (accounting only) → 403 before its upload is read", async (who) => {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          controller.enqueue(new TextEncoder().encode(" ".repeat(65_536)));
        },
      });
      const req = new Request("http://localhost/api/block/create", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens[who]}` },
        body,
        duplex: "half",
      } as RequestInit);
      const res = await createPost(req, { params: Promise.resolve({}) });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "Esta ação é da plataforma da empresa.",
      );
      expect(pulled).toBeLessThanOrEqual(1);
    });

    test("a blocked operator → 401; anonymous → 401", async () => {
      expect((await send(tokens.blockedAlpha, [await photo()])).status).toBe(401);
      expect((await send(undefined, [await photo()])).status).toBe(401);
    });

    test("with every upload slot taken, a send is 429 with Retry-After and its body is not read", async () => {
      const stalled: (() => void)[] = [];
      const slow = (token: string) => {
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            await new Promise<void>((resolve) => stalled.push(resolve));
            controller.enqueue(new TextEncoder().encode("[]"));
            controller.close();
          },
        });
        const req = new Request("http://localhost/api/block/create", {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body,
          duplex: "half",
        } as RequestInit);
        return createPost(req, { params: Promise.resolve({}) });
      };
      // Office A's users hold two slots at most, taken first; the third is office B's (server/http/upload-slots.ts).
      const inFlight = [slow(tokens.ownerAlpha), slow(tokens.adminAlpha)];
      while (uploadSlots.stats().running < 2) await new Promise((resolve) => setImmediate(resolve));
      inFlight.push(slow(tokens.ownerBeta));
      while (uploadSlots.stats().running < 3) await new Promise((resolve) => setImmediate(resolve));
      let pulled = 0;
      const refusedBody = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          controller.enqueue(new TextEncoder().encode(" ".repeat(65_536)));
        },
      });
      const refused = await createPost(
        new Request("http://localhost/api/block/create", {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${tokens.sharerAlpha}` },
          body: refusedBody,
          duplex: "half",
        } as RequestInit),
        { params: Promise.resolve({}) },
      );
      expect([refused.status, refused.headers.get("retry-after")]).toEqual([429, "2"]);
      expect(pulled).toBeLessThanOrEqual(1);
      while (stalled.length < 3) await new Promise((resolve) => setImmediate(resolve));
      stalled.forEach((release) => release());
      expect((await Promise.all(inFlight)).map((res) => res.status)).toEqual([400, 400, 400]); // an empty list
    });

    test("a declared length over 13 images' worth → 413 before reading", async () => {
      const res = await call(createPost, {
        rawBody: "[]",
        token: tokens.regularAlpha,
        headers: { "content-length": String(MAX_BLOCK_IMAGES * 16_777_216 + 2_000_000) },
      });
      expect(res.status).toBe(413);
    });
  });
});
