// A block's documents in the order the client chose, in every read: block/create's answer, /api/block/sent,
// /api/document/block, the block list (both platforms), the pendency reads (tosolve, pendency/list,
// pendency/create's answer), and after a solve (what is added goes after what stays, in the order sent).
// Also the photo's file name and the devolve's reason as Devolvidos shows them.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { POST as createPost } from "@/app/api/block/create/route";
import { POST as devolvePost } from "@/app/api/block/devolve/route";
import { POST as listPost } from "@/app/api/block/list/route";
import { POST as sentPost } from "@/app/api/block/sent/route";
import { GET as devolvedGet } from "@/app/api/document/devolved/route";
import { POST as documentsPost } from "@/app/api/document/block/route";
import { POST as pendencyCreatePost } from "@/app/api/pendency/create/route";
import { POST as pendencyListPost } from "@/app/api/pendency/list/route";
import { POST as solvePost } from "@/app/api/pendency/solve/route";
import { POST as toSolvePost } from "@/app/api/pendency/tosolve/route";
import type { ClientBlocksAnswer, Pendency } from "@/lib/contract/blocks";
import type { PendencyToSolveAnswer, ReturnedDocument, SentBlock } from "@/lib/contract/business";
import { formatDate } from "@/lib/format/dates";
import { getDb } from "@/server/db/client";
import { createDocument } from "../helpers/factories";
import { call } from "../helpers/http";
import { buildBusinessWorld, photo, type BusinessPerson, type BusinessWorld } from "./business-writes-world";

process.env.DATA_DIR = path.join(tmpdir(), `bloco-block-order-${randomBytes(4).toString("hex")}`);
afterAll(() => rm(process.env.DATA_DIR!, { recursive: true, force: true }));

let world: BusinessWorld;
let tokens: Record<BusinessPerson, string>;
beforeAll(async () => {
  ({ world, tokens } = await buildBusinessWorld());
});

const db = () => getDb();
/** The storage key a signed link names. */
const keyOf = (url: string) => decodeURIComponent(url.split("?")[0].replace(/^\/api\/files\//, ""));
const keys = (urls: readonly string[]) => urls.map(keyOf);
const send = (body: unknown) =>
  call<SentBlock>(createPost, { body, token: tokens.regularAlpha, path: "/api/block/create" });
const allBlocks = (answer: ClientBlocksAnswer) =>
  Object.values(answer.blocks).flatMap((m) => Object.values(m).flatMap((a) => Object.values(a).flat()));

/** Sends [new photo, gallery document, new photo]: the gallery document is the oldest row (lowest id). */
async function sendMixed() {
  const gallery = await createDocument({ client: world.alpha, uploadedBy: world.regularAlpha });
  const first = await photo();
  const last = await photo();
  const res = await send([first, { id: gallery.id }, last]);
  expect(res.status).toBe(200);
  const answer = res.json.data!;
  const rows = await db().document.findMany({ where: { blockId: answer.id } });
  const byRef = (ref: string) => rows.find((row) => row.clientRef === ref)!;
  const ordered = [byRef(first.id), rows.find((row) => row.id === gallery.id)!, byRef(last.id)];
  // The defect this guards against: read by id, the gallery document came first.
  expect(Math.min(...rows.map((row) => row.id))).toBe(gallery.id);
  return { answer, display: ordered.map((row) => row.displayKey), thumbs: ordered.map((row) => row.thumbKey), ordered };
}

describe("a block of [new, gallery, new]", () => {
  test("every read keeps the body's order", async () => {
    const { answer, display, thumbs, ordered } = await sendMixed();
    expect(ordered.map((row) => row.position)).toEqual([1, 2, 3]);
    expect([keys(answer.documentsUrl), keys(answer.thumbnailsUrl!)]).toEqual([display, thumbs]);

    const sent = await call<SentBlock[]>(sentPost, {
      body: { operatorId: world.regularAlpha.id },
      token: tokens.regularAlpha,
    });
    const listed = sent.json.data!.find((block) => block.id === answer.id)!;
    expect([keys(listed.documentsUrl), keys(listed.thumbnailsUrl!)]).toEqual([display, thumbs]);

    const viewer = await call<{ documentsUrl: string[]; thumbnailsUrl: string[] }>(documentsPost, {
      body: { blockId: answer.id },
      token: tokens.regularA,
    });
    expect(viewer.status).toBe(200);
    expect([keys(viewer.json.data!.documentsUrl), keys(viewer.json.data!.thumbnailsUrl)]).toEqual([display, thumbs]);

    const office = await call<ClientBlocksAnswer>(listPost, {
      body: { clientId: world.alpha.id },
      token: tokens.regularA,
    });
    expect(keys(allBlocks(office.json.data!).find((block) => block.id === answer.id)!.documentsUrl)).toEqual(display);
    const company = await call<ClientBlocksAnswer>(listPost, { body: {}, token: tokens.regularAlpha });
    expect(keys(allBlocks(company.json.data!).find((block) => block.id === answer.id)!.documentsUrl)).toEqual(display);
  });

  test("the pendency reads keep it; a solve adds after what stays, in the order sent, removals leave gaps", async () => {
    const { answer, display, thumbs, ordered } = await sendMixed();
    const reported = await call<Pendency>(pendencyCreatePost, {
      body: { blockId: answer.id, issue: 2, observations: "" },
      token: tokens.regularA,
    });
    expect(reported.status).toBe(200);
    expect(keys(reported.json.data!.documentsUrl)).toEqual(display);

    const listed = await call<Pendency[]>(pendencyListPost, {
      body: { clientId: world.alpha.id },
      token: tokens.regularA,
    });
    expect(keys(listed.json.data!.find((p) => p.blockId === answer.id)!.documentsUrl)).toEqual(display);

    const toSolve = await call<PendencyToSolveAnswer>(toSolvePost, { body: {}, token: tokens.regularAlpha });
    const pendency = toSolve.json.data!.pendency!;
    expect(pendency.blockId).toBe(answer.id);
    expect(pendency.documents.map((d) => d.id)).toEqual(ordered.map((row) => row.id));
    expect([keys(pendency.documents.map((d) => d.url)), keys(pendency.documents.map((d) => d.thumbnailUrl))]).toEqual([
      display,
      thumbs,
    ]);

    // Solve: the first photo taken out; a new photo and an (older) gallery document added, in that order.
    const gallery = await createDocument({ client: world.alpha, uploadedBy: world.regularAlpha });
    const added = await photo();
    const solved = await call(solvePost, {
      body: { pendencyId: pendency.id, documents: [added, { id: gallery.id }], removedDocuments: [ordered[0].id] },
      token: tokens.regularAlpha,
    });
    expect(solved.status).toBe(200);
    const rows = await db().document.findMany({
      where: { blockId: answer.id },
      orderBy: [{ position: "asc" }, { id: "asc" }],
    });
    const addedRow = rows.find((row) => row.clientRef === added.id)!;
    expect(rows.map((row) => row.id)).toEqual([ordered[1].id, ordered[2].id, addedRow.id, gallery.id]);
    expect(rows.map((row) => row.position)).toEqual([2, 3, 4, 5]);
    const viewer = await call<{ documentsUrl: string[] }>(documentsPost, {
      body: { blockId: answer.id },
      token: tokens.regularA,
    });
    expect(keys(viewer.json.data!.documentsUrl)).toEqual(rows.map((row) => row.displayKey));
  });
});

describe("Devolvidos: the document's name and the devolve's reason", () => {
  test("a photo sent with its file name shows it; one without shows 'Documento de dd/mm/aaaa'; the reason is trimmed and shown", async () => {
    const named = { ...(await photo()), name: "  nota-fiscal-março.jpg " };
    const bare = await photo();
    const res = await send([named, bare]);
    expect(res.status).toBe(200);
    const devolved = await call(devolvePost, {
      body: { blockId: res.json.data!.id, reason: "  Nota ilegível,\nenvie de novo  " },
      token: tokens.regularA,
    });
    expect(devolved.status).toBe(200);
    expect((await db().block.findUniqueOrThrow({ where: { id: res.json.data!.id } })).devolveReason).toBe(
      "Nota ilegível,\nenvie de novo",
    );

    const list = await call<ReturnedDocument[]>(devolvedGet, { token: tokens.regularAlpha, method: "GET" });
    const rows = await db().document.findMany({ where: { blockId: res.json.data!.id }, orderBy: { position: "asc" } });
    const mine = list.json.data!.filter((doc) => rows.some((row) => row.id === doc.id));
    expect(mine.map((doc) => [doc.id, doc.name, doc.devolveReason])).toEqual([
      [rows[0].id, "nota-fiscal-março.jpg", "Nota ilegível,\nenvie de novo"],
      [rows[1].id, `Documento de ${formatDate(rows[1].createdAt)}`, "Nota ilegível,\nenvie de novo"],
    ]);
  });

  test("without a reason (absent or blank) the reason is null", async () => {
    for (const body of [{}, { reason: "   " }]) {
      const res = await send([await photo()]);
      expect(
        (await call(devolvePost, { body: { blockId: res.json.data!.id, ...body }, token: tokens.regularA })).status,
      ).toBe(200);
      expect((await db().block.findUniqueOrThrow({ where: { id: res.json.data!.id } })).devolveReason).toBeNull();
    }
  });

  test.each([
    [
      "a reason over 500 characters",
      { reason: "x".repeat(501) },
      "reason",
      "O motivo deve ter no máximo 500 caracteres.",
    ],
    ["a reason with NUL", { reason: "a\u0000b" }, "reason", undefined],
    ["a reason not text", { reason: 5 }, "reason", undefined],
  ])("%s → 400, nothing changes", async (_name, extra, field, message) => {
    const res = await send([await photo()]);
    const answer = await call(devolvePost, { body: { blockId: res.json.data!.id, ...extra }, token: tokens.regularA });
    expect(answer.status).toBe(400);
    expect(answer.json.error?.fields?.[0]?.path).toBe(field);
    if (message) expect(answer.json.error?.fields?.[0]?.message).toBe(message);
    expect((await db().block.findUniqueOrThrow({ where: { id: res.json.data!.id } })).devolvedAt).toBeNull();
  });

  test("exactly 500 characters are kept", async () => {
    const res = await send([await photo()]);
    expect(
      (
        await call(devolvePost, {
          body: { blockId: res.json.data!.id, reason: "y".repeat(500) },
          token: tokens.regularA,
        })
      ).status,
    ).toBe(200);
  });

  test.each([
    ["a name over 255 characters", "x".repeat(256)],
    ["a name with NUL", "a\u0000b.jpg"],
    ["a name with a line break", "a\nb.jpg"],
    ["a name not text", 7],
  ])("%s → 400, nothing sent", async (_name, name) => {
    const before = await db().block.count({ where: { clientId: world.alpha.id } });
    const res = await send([{ ...(await photo()), name }]);
    expect(res.status).toBe(400);
    expect(await db().block.count({ where: { clientId: world.alpha.id } })).toBe(before);
  });

  test("two devolves of the same operator at once (a double click): both 200, one devolve", async () => {
    const res = await send([await photo()]);
    const blockId = res.json.data!.id;
    const both = await Promise.all([0, 1].map(() => call(devolvePost, { body: { blockId }, token: tokens.regularA })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[1].json.data).toEqual(both[0].json.data);
    expect(await db().auditEvent.count({ where: { action: "block.devolve", targetId: String(blockId) } })).toBe(1);
  });
});
