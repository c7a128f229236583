// POST /api/block/sent/undo through the real handler: the sender takes its block back
// within 15 minutes, before the office touches it; the documents return to the gallery. Enforced on the
// server, one conditional UPDATE deciding every race.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { POST as createPost } from "@/app/api/block/create/route";
import { POST as sentPost } from "@/app/api/block/sent/route";
import { POST as undoPost } from "@/app/api/block/sent/undo/route";
import { POST as libraryPost } from "@/app/api/library/documents/route";
import { MINUTE_MS, SENT_UNDO_MS } from "@/lib/constants";
import type { GalleryDocument, SentBlock } from "@/lib/contract/business";
import { getDb } from "@/server/db/client";
import { createBlock, createPendency, type BlockState } from "../helpers/factories";
import { call } from "../helpers/http";
import {
  buildBusinessWorld,
  documentBlobs,
  photo,
  type BusinessPerson,
  type BusinessWorld,
} from "./business-writes-world";

process.env.DATA_DIR = path.join(tmpdir(), `bloco-business-undo-${randomBytes(4).toString("hex")}`);
afterAll(() => rm(process.env.DATA_DIR!, { recursive: true, force: true }));

let world: BusinessWorld;
let tokens: Record<BusinessPerson, string>;
beforeAll(async () => {
  ({ world, tokens } = await buildBusinessWorld());
});

type UndoAnswer = { blockId: number; undoneDatetime: string };
const undo = (token: string | undefined, body: unknown) =>
  call<UndoAnswer>(undoPost, { body, token, path: "/api/block/sent/undo" });
const send = (token: string, body: unknown) => call<SentBlock>(createPost, { body, token, path: "/api/block/create" });
const db = () => getDb();
/** A block of alpha sent just now by `who` (regularAlpha by default), in `state`. */
const justSent = (
  state: BlockState = "uncategorized",
  who: "regularAlpha" | "sharerAlpha" = "regularAlpha",
  sentAt = new Date(),
) => createBlock({ client: world.alpha, sentBy: world[who], state, sentAt, documents: 2 });

describe("POST /api/block/sent/undo", () => {
  test("the sender's own block within the window: undone, documents back in the gallery", async () => {
    const sent = await send(tokens.regularAlpha, [await photo(), await photo()]);
    const blockId = sent.json.data!.id;
    const before = await db().block.findUniqueOrThrow({ where: { id: blockId }, include: { documents: true } });
    const modified = (await db().client.findUniqueOrThrow({ where: { id: world.alpha.id } })).modifiedAt;

    const res = await undo(tokens.regularAlpha, { blockId });

    expect(res.status).toBe(200);
    const after = await db().block.findUniqueOrThrow({ where: { id: blockId } });
    expect(res.json.data).toEqual({ blockId, undoneDatetime: after.undoneAt!.toISOString() });
    expect([after.sendKey, after.version]).toEqual([null, before.version + 1]);
    const documents = await db().document.findMany({ where: { id: { in: before.documents.map((d) => d.id) } } });
    expect(documents.map((d) => [d.blockId, d.rescued, d.uploadedById])).toEqual(
      documents.map(() => [null, false, world.regularAlpha.id]),
    );
    // The gallery shows them again; Blocos enviados no longer lists the block.
    const gallery = await call<GalleryDocument[]>(libraryPost, { body: {}, token: tokens.regularAlpha });
    expect(gallery.json.data!.map((d) => d.id)).toEqual(expect.arrayContaining(before.documents.map((d) => d.id)));
    const list = await call<SentBlock[]>(sentPost, {
      body: { operatorId: world.regularAlpha.id },
      token: tokens.regularAlpha,
    });
    expect(list.json.data!.map((b) => b.id)).not.toContain(blockId);
    expect(
      (await db().client.findUniqueOrThrow({ where: { id: world.alpha.id } })).modifiedAt.getTime(),
    ).toBeGreaterThan(modified.getTime());
    expect(
      await db().auditEvent.count({
        where: { action: "block.undo", targetId: String(blockId), actorUserId: world.regularAlpha.userId },
      }),
    ).toBe(1);
  });

  test("after an undo, the same documents can be sent again, and a late retry of the first send reuses them", async () => {
    const entries = [await photo(), await photo()];
    const first = await send(tokens.regularAlpha, entries);
    expect((await undo(tokens.regularAlpha, { blockId: first.json.data!.id })).status).toBe(200);
    const blobs = await documentBlobs(world.alpha.id);
    const retried = await send(tokens.regularAlpha, entries);
    expect(retried.status).toBe(200);
    expect(retried.json.data!.id).not.toBe(first.json.data!.id);
    const docs = await db().document.findMany({ where: { clientRef: { in: entries.map((e) => e.id) } } });
    expect(docs.map((d) => d.blockId)).toEqual([retried.json.data!.id, retried.json.data!.id]);
    expect(await documentBlobs(world.alpha.id)).toEqual(blobs); // nothing decoded or written again
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
      name: "a colleague's block",
      setup: () => justSent("uncategorized", "sharerAlpha"),
      status: 403,
      message: "Só é possível desfazer blocos enviados por você.",
    },
    {
      name: "past the 15 minutes",
      setup: () => justSent("uncategorized", "regularAlpha", new Date(Date.now() - SENT_UNDO_MS - MINUTE_MS)),
      status: 409,
      message: "O prazo de 15 minutos para desfazer este envio terminou.",
    },
    {
      name: "categorised by the office",
      setup: () => justSent("categorized"),
      status: 409,
      message: "Este bloco já foi categorizado pelo escritório e não pode mais ser desfeito.",
    },
    {
      name: "contabilised",
      setup: () => justSent("contabilized"),
      status: 409,
      message: "Este bloco já foi categorizado pelo escritório e não pode mais ser desfeito.",
    },
    {
      name: "devolved",
      setup: () => justSent("devolved"),
      status: 409,
      message: "Este bloco já foi categorizado pelo escritório e não pode mais ser desfeito.",
    },
    {
      name: "with a pendency reported",
      setup: () => justSent("pendency"),
      status: 409,
      message: "O escritório já reportou uma pendência neste bloco: ele não pode mais ser desfeito.",
    },
    {
      name: "with a pendency already solved",
      setup: async () => {
        const block = await justSent();
        await createPendency({ block, solvedAt: new Date(), solvedBy: world.regularAlpha });
        return block;
      },
      status: 409,
      message: "O escritório já reportou uma pendência neste bloco: ele não pode mais ser desfeito.",
    },
    {
      name: "another company's block",
      who: "ownerBeta",
      setup: () => justSent(),
      status: 404,
      message: "Bloco não encontrado.",
    },
    {
      name: "an unknown block",
      setup: async () => ({ id: 2_000_000_000 }),
      status: 404,
      message: "Bloco não encontrado.",
    },
    {
      name: "an accountant of the office",
      who: "regularA",
      setup: () => justSent(),
      status: 403,
      message: "Esta ação é da plataforma da empresa.",
    },
    {
      name: "the office owner",
      who: "ownerA",
      setup: () => justSent(),
      status: 403,
      message: "Esta ação é da plataforma da empresa.",
    },
  ];
  test.each(refusals)("$name → $status, nothing changes", async ({ setup, who = "regularAlpha", status, message }) => {
    const block = await setup();
    const before = await db().block.findUnique({ where: { id: block.id }, include: { documents: true } });
    const res = await undo(tokens[who], { blockId: block.id });
    expect([res.status, res.json.error?.message]).toEqual([status, message]);
    expect(await db().block.findUnique({ where: { id: block.id }, include: { documents: true } })).toEqual(before);
  });

  test("a user on both platforms undoes its own send as a company member", async () => {
    const sent = await send(tokens.dualAlpha, [await photo()]);
    expect((await undo(tokens.dualAlpha, { blockId: sent.json.data!.id })).status).toBe(200);
  });

  test("undone already by the caller → 200 as done, nothing written; a colleague or another company → 404; blocked → 401; anonymous → 401", async () => {
    const block = await justSent();
    const first = await undo(tokens.regularAlpha, { blockId: block.id });
    expect(first.status).toBe(200);
    const after = await db().block.findUniqueOrThrow({ where: { id: block.id } });
    const again = await undo(tokens.regularAlpha, { blockId: block.id });
    expect([again.status, again.json.data]).toEqual([200, first.json.data]);
    expect(await db().block.findUniqueOrThrow({ where: { id: block.id } })).toEqual(after);
    expect(await db().auditEvent.count({ where: { action: "block.undo", targetId: String(block.id) } })).toBe(1);
    expect((await undo(tokens.sharerAlpha, { blockId: block.id })).json.error?.message).toBe("Bloco não encontrado.");
    expect((await undo(tokens.ownerBeta, { blockId: block.id })).json.error?.message).toBe("Bloco não encontrado.");
    expect((await undo(tokens.blockedAlpha, { blockId: block.id })).status).toBe(401);
    expect((await undo(undefined, { blockId: block.id })).status).toBe(401);
  });

  test.each([
    ["no blockId", {}],
    ["blockId 0", { blockId: 0 }],
    ["blockId as text", { blockId: "12" }],
    ["blockId beyond int4", { blockId: 2 ** 31 }],
  ])("%s → 400", async (_name, body) => {
    const res = await undo(tokens.regularAlpha, body);
    expect(res.status).toBe(400);
    expect(res.json.error!.fields![0].path).toBe("blockId");
  });

  test("two undos of the caller racing (a double click): both 200 with the same answer, one undo", async () => {
    const block = await justSent();
    const results = await Promise.all([
      undo(tokens.regularAlpha, { blockId: block.id }),
      undo(tokens.regularAlpha, { blockId: block.id }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results[1].json.data).toEqual(results[0].json.data);
    expect(await db().auditEvent.count({ where: { action: "block.undo", targetId: String(block.id) } })).toBe(1);
  });

  test("an undo racing the office's categorisation: exactly one of them takes the block", async () => {
    const block = await justSent();
    const account = await db().account.create({
      data: { officeId: world.officeA.id, code: "9.1", description: "Conta", yearOfExercise: new Date().getFullYear() },
    });
    const categorise = db().block.updateMany({
      where: { id: block.id, undoneAt: null, version: block.version },
      data: { accountId: account.id, categorizedAt: new Date(), version: { increment: 1 } },
    });
    const [undone, categorised] = await Promise.all([undo(tokens.regularAlpha, { blockId: block.id }), categorise]);
    const after = await db().block.findUniqueOrThrow({ where: { id: block.id } });
    if (undone.status === 200) expect([categorised.count, after.accountId]).toEqual([0, null]);
    else expect([undone.status, categorised.count, after.undoneAt]).toEqual([409, 1, null]);
  });
});
