// POST /api/pendency/solve through the real handler: the company answers a pendency by
// changing its block's documents (new photos, gallery documents, documents taken out) or by changing
// nothing; the pendency closes and the block goes back to the office's queue, uncategorised, with what
// it had kept as a suggestion. Atomic, idempotent by the new photos' ids, business users only.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { POST as libraryPost } from "@/app/api/library/documents/route";
import { POST as solvePost } from "@/app/api/pendency/solve/route";
import { POST as toSolvePost } from "@/app/api/pendency/tosolve/route";
import { MAX_BLOCK_IMAGES } from "@/lib/constants";
import { pendencySolveAnswer, type GalleryDocument, type PendencyToSolveAnswer } from "@/lib/contract/business";
import { getDb, type Client } from "@/server/db/client";
import { createBlock, createDocument, createPendency, type BlockState, type CreatedBlock } from "../helpers/factories";
import { call } from "../helpers/http";
import { photoJpeg, toDataUrl, truncatedJpeg } from "../helpers/images";
import {
  buildBusinessWorld,
  documentBlobs,
  photo,
  ref,
  type BusinessPerson,
  type BusinessWorld,
} from "./business-writes-world";

process.env.DATA_DIR = path.join(tmpdir(), `bloco-business-pendency-${randomBytes(4).toString("hex")}`);
afterAll(() => rm(process.env.DATA_DIR!, { recursive: true, force: true }));

let world: BusinessWorld;
let tokens: Record<BusinessPerson, string>;
beforeAll(async () => {
  ({ world, tokens } = await buildBusinessWorld());
});

type Answer = { pendencyId: number; blockId: number; pendencyNumber: number };
const solve = (token: string | undefined, body: unknown) =>
  call<Answer>(solvePost, { body, token, path: "/api/pendency/solve" });
const db = () => getDb();
const openOf = (client: Client) =>
  db().pendency.count({ where: { clientId: client.id, solvedAt: null, block: { undoneAt: null, devolvedAt: null } } });

type Pending = CreatedBlock & { pendencyId: number };
/** A block of the company with an open pendency, sent by regularAlpha (or beta's owner). */
async function pending(options: { documents?: number; state?: BlockState; client?: Client } = {}): Promise<Pending> {
  const client = options.client ?? world.alpha;
  const sentBy = client.id === world.alpha.id ? world.regularAlpha : world.ownerBeta;
  const state = options.state ?? "pendency";
  const block = await createBlock({
    client,
    sentBy,
    state,
    documents: options.documents ?? 2,
    paymentDate: new Date(Date.UTC(2026, 2, 15)),
    valueCents: 12_345,
  });
  const pendencyId = state === "pendency" ? block.pendencies[0].id : (await createPendency({ block, issue: 1 })).id;
  return { ...block, pendencyId };
}
const documentsOf = (blockId: number) => db().document.findMany({ where: { blockId }, orderBy: { id: "asc" } });

describe("POST /api/pendency/solve", () => {
  test("replacing a document: the pendency closes, the block is back in the queue with its suggestion", async () => {
    const block = await pending({ state: "categorized" });
    const [kept, replaced] = block.documents;
    const modified = (await db().client.findUniqueOrThrow({ where: { id: world.alpha.id } })).modifiedAt;
    const blobs = (await documentBlobs(world.alpha.id)).length;
    const fresh = await photo();

    const res = await solve(tokens.adminAlpha, {
      pendencyId: block.pendencyId,
      documents: [fresh],
      removedDocuments: [replaced.id],
    });

    expect(res.status).toBe(200);
    expect(pendencySolveAnswer.parse(res.json.data)).toEqual({
      pendencyId: block.pendencyId,
      blockId: block.id,
      pendencyNumber: await openOf(world.alpha),
    });
    const pendency = await db().pendency.findUniqueOrThrow({ where: { id: block.pendencyId } });
    expect(pendency.solvedById).toBe(world.adminAlpha.id);
    expect(pendency.solvedAt).toEqual(expect.any(Date));
    const after = await db().block.findUniqueOrThrow({ where: { id: block.id } });
    expect(after).toMatchObject({
      accountId: null,
      paymentDate: null,
      valueCents: null,
      categorizedById: null,
      categorizedAt: null,
      suggestedAccountId: block.accountId,
      suggestedPaymentDate: new Date(Date.UTC(2026, 2, 15)),
      suggestedValueCents: BigInt(12_345),
      version: block.version + 1,
    });
    // The block holds the kept document and the new photo; the replaced one is back in its sender's gallery, rescued.
    const now = await documentsOf(block.id);
    expect(now.map((d) => d.id)[0]).toBe(kept.id);
    expect(now.map((d) => [d.clientRef, d.uploadedById])[1]).toEqual([fresh.id, world.adminAlpha.id]);
    expect(await db().document.findUniqueOrThrow({ where: { id: replaced.id } })).toMatchObject({
      blockId: null,
      rescued: true,
      uploadedById: world.regularAlpha.id,
    });
    const gallery = await call<GalleryDocument[]>(libraryPost, { body: {}, token: tokens.regularAlpha });
    expect(gallery.json.data!.find((d) => d.id === replaced.id)).toMatchObject({ rescued: true });
    expect((await documentBlobs(world.alpha.id)).length).toBe(blobs + 2);
    expect(
      (await db().client.findUniqueOrThrow({ where: { id: world.alpha.id } })).modifiedAt.getTime(),
    ).toBeGreaterThan(modified.getTime());
    const audit = await db().auditEvent.findFirstOrThrow({
      where: { action: "pendency.solve", targetId: String(block.pendencyId) },
    });
    expect(audit.data).toMatchObject({
      blockId: block.id,
      photos: 1,
      removedDocuments: [replaced.id],
      suggestion: { accountId: block.accountId, valueCents: "12345" },
    });
  });

  test("large photos (decoded as they arrive): a bad 2nd one fails the solve and changes nothing; the good ones go in, once", async () => {
    const block = await pending();
    // Noisy 900x700 photos: each data URL is past 64 KB, so the route decodes them while the body is
    // still being read (server/http/read-body.ts, the route's `early`).
    const large = async () => ({ id: ref(), base64url: toDataUrl(await photoJpeg(900, 700)) });
    const good = [await large(), await large()];
    const full = await photoJpeg(900, 700);
    const broken = { id: ref(), base64url: toDataUrl(full.subarray(0, Math.floor(full.length / 2))) };
    expect(broken.base64url.length).toBeGreaterThan(65_536);
    const blobs = await documentBlobs(world.alpha.id);

    const refused = await solve(tokens.regularAlpha, {
      pendencyId: block.pendencyId,
      documents: [good[0], broken, good[1]],
      removedDocuments: [],
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({
      code: "invalid_input",
      message: "Imagem 2: A imagem está corrompida ou incompleta.",
    });
    expect(refused.json.error!.fields).toEqual([
      { path: "documents.1.base64url", message: "A imagem está corrompida ou incompleta." },
    ]);
    expect((await db().pendency.findUniqueOrThrow({ where: { id: block.pendencyId } })).solvedAt).toBeNull();
    expect((await documentsOf(block.id)).map((d) => d.id)).toEqual(block.documents.map((d) => d.id));
    expect(await documentBlobs(world.alpha.id)).toEqual(blobs);

    const solved = await solve(tokens.regularAlpha, {
      pendencyId: block.pendencyId,
      documents: good,
      removedDocuments: [],
    });
    expect(solved.status).toBe(200);
    const again = await solve(tokens.regularAlpha, {
      pendencyId: block.pendencyId,
      documents: good,
      removedDocuments: [],
    });
    expect(again.status).toBe(200);
    expect(again.json.data).toEqual(solved.json.data);
    const now = await documentsOf(block.id);
    expect(now.slice(block.documents.length).map((d) => [d.clientRef, d.width, d.height, d.mime])).toEqual(
      good.map((g) => [g.id, 900, 700, "image/webp"]),
    );
    // Two pictures per photo, written once: the replay decoded (early) but wrote nothing.
    expect((await documentBlobs(world.alpha.id)).length).toBe(blobs.length + 4);
  });

  test("a solve with no change is allowed: the pendency closes, the block is requeued unchanged", async () => {
    const block = await pending();
    const res = await solve(tokens.regularAlpha, { pendencyId: block.pendencyId, documents: [], removedDocuments: [] });
    expect(res.status).toBe(200);
    expect((await documentsOf(block.id)).map((d) => d.id)).toEqual(block.documents.map((d) => d.id));
    expect((await db().pendency.findUniqueOrThrow({ where: { id: block.pendencyId } })).solvedAt).not.toBeNull();
    // An uncategorised block keeps no suggestion it never had.
    expect(await db().block.findUniqueOrThrow({ where: { id: block.id } })).toMatchObject({
      suggestedAccountId: null,
      suggestedValueCents: null,
      version: block.version + 1,
    });
  });

  test("gallery documents (own and a sharing colleague's) join the block; the open count and the queue follow", async () => {
    await pending(); // another open pendency of the company, which stays in the queue
    const block = await pending();
    const own = await createDocument({ client: world.alpha, uploadedBy: world.regularAlpha });
    const shared = await createDocument({ client: world.alpha, uploadedBy: world.sharerAlpha });
    const open = await openOf(world.alpha);
    const res = await solve(tokens.regularAlpha, {
      pendencyId: block.pendencyId,
      documents: [{ id: own.id }, { id: shared.id }],
      removedDocuments: [],
    });
    expect(res.status).toBe(200);
    expect(res.json.data!.pendencyNumber).toBe(open - 1);
    expect((await documentsOf(block.id)).map((d) => d.id)).toEqual([
      ...block.documents.map((d) => d.id),
      own.id,
      shared.id,
    ]);
    const queue = await call<PendencyToSolveAnswer>(toSolvePost, { body: {}, token: tokens.regularAlpha });
    expect(queue.json.data!.pendencyNumber).toBe(open - 1);
    expect(queue.json.data!.pendency?.id).not.toBe(block.pendencyId);
  });

  test("a solve sent again after it went through answers the same, creating nothing twice", async () => {
    const block = await pending();
    const body = {
      pendencyId: block.pendencyId,
      documents: [await photo(), await photo()],
      removedDocuments: [block.documents[0].id],
    };
    const first = await solve(tokens.regularAlpha, body);
    const blobs = await documentBlobs(world.alpha.id);
    const again = await solve(tokens.regularAlpha, {
      ...body,
      documents: [await photo(body.documents[0].id), await photo(body.documents[1].id)],
    });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.json.data).toEqual({ ...first.json.data, pendencyNumber: await openOf(world.alpha) });
    expect(await db().document.count({ where: { clientRef: { in: body.documents.map((d) => d.id) } } })).toBe(2);
    expect(await documentBlobs(world.alpha.id)).toEqual(blobs);
    // Without new photos a second solve cannot be told from a replay: it is refused like any solved pendency.
    const plain = await pending();
    expect(
      (await solve(tokens.regularAlpha, { pendencyId: plain.pendencyId, documents: [], removedDocuments: [] })).status,
    ).toBe(200);
    const twice = await solve(tokens.regularAlpha, {
      pendencyId: plain.pendencyId,
      documents: [],
      removedDocuments: [],
    });
    expect([twice.status, twice.json.error?.message]).toEqual([404, "Pendência não encontrada ou já resolvida."]);
  });

  test("identical solves racing: both answered, the photos stored once", async () => {
    const block = await pending();
    const documents = [await photo(), await photo()];
    const blobs = (await documentBlobs(world.alpha.id)).length;
    const body = () => ({
      pendencyId: block.pendencyId,
      documents: documents.map((d) => ({ ...d })),
      removedDocuments: [],
    });
    const results = await Promise.all([solve(tokens.regularAlpha, body()), solve(tokens.regularAlpha, body())]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect((await documentsOf(block.id)).length).toBe(4);
    expect((await documentBlobs(world.alpha.id)).length).toBe(blobs + 4);
    expect(
      await db().auditEvent.count({ where: { action: "pendency.solve", targetId: String(block.pendencyId) } }),
    ).toBe(1);
  });

  test("a bad image fails the whole solve: the pendency stays open, nothing moves, no blob is left", async () => {
    const block = await pending({ state: "categorized" });
    const own = await createDocument({ client: world.alpha, uploadedBy: world.regularAlpha });
    const blobs = await documentBlobs(world.alpha.id);
    const broken = { id: ref(), base64url: toDataUrl(await truncatedJpeg()) };
    const res = await solve(tokens.regularAlpha, {
      pendencyId: block.pendencyId,
      documents: [await photo(), { id: own.id }, broken],
      removedDocuments: [block.documents[0].id],
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      message: "Imagem 3: A imagem está corrompida ou incompleta.",
      fields: [{ path: "documents.2.base64url" }],
    });
    expect((await db().pendency.findUniqueOrThrow({ where: { id: block.pendencyId } })).solvedAt).toBeNull();
    expect((await documentsOf(block.id)).map((d) => d.id)).toEqual(block.documents.map((d) => d.id));
    expect((await db().document.findUniqueOrThrow({ where: { id: own.id } })).blockId).toBeNull();
    expect(await db().block.findUniqueOrThrow({ where: { id: block.id } })).toMatchObject({
      accountId: block.accountId,
      version: block.version,
    });
    expect(await documentBlobs(world.alpha.id)).toEqual(blobs);
  });

  type Refusal = {
    name: string;
    body: () => Promise<unknown>;
    who?: BusinessPerson;
    status: number;
    message: string | RegExp;
  };
  const refusals: Refusal[] = [
    {
      name: "an unknown pendency",
      body: async () => ({ pendencyId: 2_000_000_000, documents: [], removedDocuments: [] }),
      status: 404,
      message: "Pendência não encontrada ou já resolvida.",
    },
    {
      name: "another company's pendency",
      who: "ownerBeta",
      body: async () => ({ pendencyId: (await pending()).pendencyId, documents: [], removedDocuments: [] }),
      status: 404,
      message: "Pendência não encontrada ou já resolvida.",
    },
    {
      name: "a pendency closed when its block was devolved",
      body: async () => {
        const block = await createBlock({ client: world.alpha, sentBy: world.regularAlpha, state: "devolved" });
        return { pendencyId: (await createPendency({ block })).id, documents: [], removedDocuments: [] };
      },
      status: 404,
      message: "Pendência não encontrada ou já resolvida.",
    },
    {
      name: "a contabilised block",
      body: async () => ({
        pendencyId: (await pending({ state: "contabilized" })).pendencyId,
        documents: [],
        removedDocuments: [],
      }),
      status: 409,
      message: "Este bloco já foi contabilizado e não pode mais ser alterado.",
    },
    {
      name: "removing a document of another block",
      body: async () => ({
        pendencyId: (await pending()).pendencyId,
        documents: [],
        removedDocuments: [(await pending()).documents[0].id],
      }),
      status: 404,
      message: "O documento a retirar não pertence ao bloco desta pendência.",
    },
    {
      name: "removing every document, adding none",
      body: async () => {
        const block = await pending();
        return { pendencyId: block.pendencyId, documents: [], removedDocuments: block.documents.map((d) => d.id) };
      },
      status: 400,
      message: "O bloco ficaria sem documentos: adicione ao menos uma imagem.",
    },
    {
      name: "going past 13 documents",
      body: async () => ({
        pendencyId: (await pending({ documents: MAX_BLOCK_IMAGES - 1 })).pendencyId,
        documents: [await photo(), await photo()],
        removedDocuments: [],
      }),
      status: 400,
      message: "Um bloco pode ter no máximo 13 imagens.",
    },
    {
      name: "a colleague's unshared gallery document",
      body: async () => ({
        pendencyId: (await pending()).pendencyId,
        documents: [{ id: (await createDocument({ client: world.alpha, uploadedBy: world.ownerAlpha })).id }],
        removedDocuments: [],
      }),
      status: 404,
      message: "Documento da galeria não encontrado: ele pode ter sido enviado ou excluído.",
    },
    {
      name: "the same document removed twice",
      body: async () => {
        const b = await pending();
        return { pendencyId: b.pendencyId, documents: [], removedDocuments: [b.documents[0].id, b.documents[0].id] };
      },
      status: 400,
      message: "Identificador inválido",
    },
    {
      // The spec's bare call solves the pendency the caller's latest tosolve answered (spec-bodies.test.ts):
      // sharerAlpha never asks one in this file.
      name: "no pendencyId, no pendency shown to the caller",
      who: "sharerAlpha",
      body: async () => ({ documents: [], removedDocuments: [] }),
      status: 404,
      message: "Nenhuma pendência foi aberta para resolver. Abra a pendência antes de resolvê-la.",
    },
    {
      name: "14 new documents",
      body: async () => ({
        pendencyId: (await pending()).pendencyId,
        documents: await Promise.all(Array.from({ length: 14 }, () => photo())),
        removedDocuments: [],
      }),
      status: 400,
      message: /^Dados inválidos\. documents/,
    },
    {
      name: "removedDocuments not a list",
      body: async () => ({ pendencyId: (await pending()).pendencyId, documents: [], removedDocuments: 3 }),
      status: 400,
      message: /^Dados inválidos\. removedDocuments/,
    },
    {
      name: "an accountant of the office",
      who: "regularA",
      body: async () => ({ pendencyId: (await pending()).pendencyId, documents: [], removedDocuments: [] }),
      status: 403,
      message: "Esta ação é da plataforma da empresa.",
    },
    {
      name: "another office's owner",
      who: "ownerB",
      body: async () => ({ pendencyId: (await pending()).pendencyId, documents: [], removedDocuments: [] }),
      status: 403,
      message: "Esta ação é da plataforma da empresa.",
    },
  ];
  test.each(refusals)("$name → $status, nothing changes", async ({ body, who = "regularAlpha", status, message }) => {
    const payload = await body();
    const open = await openOf(world.alpha);
    const blobs = await documentBlobs(world.alpha.id);
    const res = await solve(tokens[who], payload);
    expect(res.status).toBe(status);
    if (typeof message === "string") expect(res.json.error!.message).toBe(message);
    else expect(res.json.error!.message).toMatch(message);
    expect(await openOf(world.alpha)).toBe(open);
    expect(await documentBlobs(world.alpha.id)).toEqual(blobs);
  });

  const solvers: BusinessPerson[] = [
    "ownerAlpha",
    "adminAlpha",
    "regularAlpha",
    "sharerAlpha",
    "dualAlpha",
    "ownerBeta",
  ];
  test.each(solvers)("%s solves its own company's pendency", async (who) => {
    const block = await pending({ client: who === "ownerBeta" ? world.beta : world.alpha });
    const res = await solve(tokens[who], {
      pendencyId: block.pendencyId,
      documents: [await photo()],
      removedDocuments: [],
    });
    expect(res.status).toBe(200);
    expect(
      (await db().pendency.findUniqueOrThrow({ where: { id: block.pendencyId }, include: { solvedBy: true } }))
        .solvedBy!.userId,
    ).toBe(world[who].userId);
  });

  test("blocked → 401; anonymous → 401", async () => {
    const block = await pending();
    const body = { pendencyId: block.pendencyId, documents: [], removedDocuments: [] };
    expect((await solve(tokens.blockedAlpha, body)).status).toBe(401);
    expect((await solve(undefined, body)).status).toBe(401);
  });
});
