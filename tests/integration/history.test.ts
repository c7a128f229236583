// POST /api/block/history and POST /api/client/history through the real handlers: each kind produced by
// a real call (send, view, save, pendency raised and solved, posting and its undo, devolve, undo of a
// send, XML import, export), the fallback from a block's own columns for rows without events (as the seed writes
// them), the order, keyset paging across equal instants, every filter and validation error, and who may
// read.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { POST as historyPost } from "@/app/api/block/history/route";
import { POST as clientHistoryPost } from "@/app/api/client/history/route";
import { POST as createPost } from "@/app/api/block/create/route";
import { POST as viewedPost } from "@/app/api/block/viewed/route";
import { POST as savePost } from "@/app/api/block/save/route";
import { POST as pendencyCreatePost } from "@/app/api/pendency/create/route";
import { POST as solvePost } from "@/app/api/pendency/solve/route";
import { POST as contabilizePost } from "@/app/api/block/contabilize/route";
import { POST as devolvePost } from "@/app/api/block/devolve/route";
import { POST as undoPost } from "@/app/api/block/sent/undo/route";
import { POST as importPost } from "@/app/api/block/import/route";
import { POST as exportPost } from "@/app/api/client/export/route";
import { POST as exportSettingsPost } from "@/app/api/client/export/settings/route";
import {
  blockHistoryAnswer,
  clientHistoryAnswer,
  encodeHistoryCursor,
  type ClientHistoryAnswer,
  type HistoryEntry,
} from "@/lib/contract/history";
import { historyMessages } from "@/lib/i18n/sections/history";
import { getDb, type Account, type Client } from "@/server/db/client";
import { createAccount, createBlock, createClient, createPendency } from "../helpers/factories";
import { buildNfe } from "../../scripts/lib/fiscal-xml";
import { call } from "../helpers/http";
import { buildBusinessWorld, photo, type BusinessPerson, type BusinessWorld } from "./business-writes-world";

process.env.DATA_DIR = path.join(tmpdir(), `bloco-history-${randomBytes(4).toString("hex")}`);
afterAll(() => rm(process.env.DATA_DIR!, { recursive: true, force: true }));

let world: BusinessWorld;
let tokens: Record<BusinessPerson, string>;
let account: Account;
let other: Account;
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
const db = () => getDb();

beforeAll(async () => {
  ({ world, tokens } = await buildBusinessWorld());
  account = await createAccount({ office: world.officeA, code: "1.1.01", description: "Caixa" });
  other = await createAccount({ office: world.officeA, code: "4.1.02", description: "Aluguel" });
});

async function ok<T>(res: Promise<{ status: number; json: { data?: unknown; error?: unknown } }>): Promise<T> {
  const done = await res;
  if (done.status !== 200) throw new Error(`${done.status} ${JSON.stringify(done.json)}`);
  return done.json.data as T;
}
const post = (handler: typeof historyPost, token: string, body: unknown) => call(handler, { token, body });
const blockHistory = async (blockId: number, who: BusinessPerson = "regularA"): Promise<HistoryEntry[]> =>
  blockHistoryAnswer.parse(await ok(post(historyPost, tokens[who], { blockId })));
const clientHistory = async (body: object, who: BusinessPerson = "regularA"): Promise<ClientHistoryAnswer> =>
  clientHistoryAnswer.parse(await ok(post(clientHistoryPost, tokens[who], body)));
const save = (blockId: number, accountId: number, value: string) =>
  ok(post(savePost, tokens.regularA, { block: { id: blockId, date: today, value, accountId } }));
const send = async () => (await ok<{ id: number }>(post(createPost, tokens.regularAlpha, [await photo()]))).id;

describe("each kind from a real call", () => {
  let blockId: number;
  let entries: HistoryEntry[];

  beforeAll(async () => {
    blockId = await send();
    await ok(post(viewedPost, tokens.regularA, { blockId }));
    await save(blockId, account.id, "12.34");
    await save(blockId, other.id, "20.00");
    const raised = await ok<{ pendencyId?: number; id?: number }>(
      post(pendencyCreatePost, tokens.regularA, { blockId, issue: 1, observations: "Foto tremida" }),
    );
    const pendency = await db().pendency.findFirstOrThrow({ where: { blockId, solvedAt: null } });
    expect(raised).toBeTruthy();
    await ok(
      post(solvePost, tokens.regularAlpha, {
        pendencyId: pendency.id,
        documents: [await photo()],
        removedDocuments: [],
      }),
    );
    await save(blockId, account.id, "20.00");
    await ok(post(contabilizePost, tokens.regularA, { blockId }));
    await ok(post(contabilizePost, tokens.regularA, { blockId, undo: true }));
    await ok(post(contabilizePost, tokens.regularA, { blockId }));
    entries = await blockHistory(blockId);
  });

  test("the block's entries, oldest first, with who did each", () => {
    expect(entries.map((entry) => entry.kind)).toEqual([
      "sent",
      "viewed",
      "categorized",
      "categorized",
      "pendency_raised",
      "pendency_solved",
      "categorized",
      "contabilized",
      "contabilization_undone",
      "contabilized",
    ]);
    const times = entries.map((entry) => entry.at);
    expect([...times].sort()).toEqual(times);
    const company = { id: world.regularAlpha.user.id, name: world.regularAlpha.user.name };
    const office = { id: world.regularA.user.id, name: world.regularA.user.name };
    expect(entries[0]).toEqual({ kind: "sent", at: expect.any(String), by: company, detail: null });
    expect(entries[1].by).toEqual(office);
    expect(entries[5]).toMatchObject({ by: company, detail: { closedByDevolve: false } });
    for (const index of [2, 3, 4, 6, 7, 8, 9]) expect(entries[index].by).toEqual(office);
  });

  test("a categorisation says what changed; a pendency its problem; a posting where it was made", () => {
    expect(entries[2].detail).toEqual({
      changes: [
        { field: "account", before: null, after: "1.1.01 Caixa" },
        { field: "paymentDate", before: null, after: today },
        { field: "value", before: null, after: "12.34" },
      ],
    });
    expect(entries[3].detail).toEqual({
      changes: [
        { field: "account", before: "1.1.01 Caixa", after: "4.1.02 Aluguel" },
        { field: "value", before: "12.34", after: "20.00" },
      ],
    });
    expect(entries[4].detail).toEqual({ issue: 1, observations: "Foto tremida" });
    expect(entries[7].detail).toEqual({ via: "desktop" });
  });

  test("devolved with its reason, and a company's undone send", async () => {
    const devolved = await send();
    await ok(post(devolvePost, tokens.regularA, { blockId: devolved, reason: "Documento de outra empresa" }));
    const history = await blockHistory(devolved);
    expect(history.map((entry) => entry.kind)).toEqual(["sent", "devolved"]);
    expect(history[1]).toMatchObject({
      by: { id: world.regularA.user.id },
      detail: { reason: "Documento de outra empresa" },
    });

    const undone = await send();
    await ok(post(undoPost, tokens.regularAlpha, { blockId: undone }));
    const undoneHistory = await blockHistory(undone);
    expect(undoneHistory.map((entry) => entry.kind)).toEqual(["sent", "undone"]);
    expect(undoneHistory[1].by).toEqual({ id: world.regularAlpha.user.id, name: world.regularAlpha.user.name });
  });

  test("a block imported from an XML by the office", async () => {
    const nfe = buildNfe();
    const file = { name: "nota.xml", base64url: `data:application/xml;base64,${nfe.bytes.toString("base64")}` };
    const [result] = await ok<{ blockId: number | null; status: string }[]>(
      post(importPost, tokens.regularA, { clientId: world.alpha.id, files: [file] }),
    );
    expect(result.status).toBe("created");
    const history = await blockHistory(result.blockId!);
    expect(history).toEqual([
      {
        kind: "imported",
        at: expect.any(String),
        by: { id: world.regularA.user.id, name: world.regularA.user.name },
        detail: { key: nfe.key },
      },
    ]);
  });
});

describe("rows without events: the block's own columns", () => {
  test("a seeded contabilised block: sent, categorised (its account, date and value) and contabilised", async () => {
    const block = await createBlock({
      client: world.alpha,
      sentBy: world.ownerAlpha,
      state: "contabilized",
      account,
      paymentDate: new Date(Date.UTC(2026, 2, 15)),
      valueCents: 123_456n,
      sentAt: new Date("2026-03-16T12:00:00.000Z"),
      categorizedAt: new Date("2026-03-17T12:00:00.000Z"),
      contabilizedAt: new Date("2026-03-18T12:00:00.000Z"),
    });
    await db().blockView.create({
      data: { blockId: block.id, operatorId: world.sharedA.id, viewedAt: new Date("2026-03-16T13:00:00.000Z") },
    });
    const history = await blockHistory(block.id);
    const office = { id: world.regularA.user.id, name: world.regularA.user.name };
    expect(history).toEqual([
      {
        kind: "sent",
        at: "2026-03-16T12:00:00.000Z",
        by: { id: world.ownerAlpha.user.id, name: world.ownerAlpha.user.name },
        detail: null,
      },
      {
        kind: "viewed",
        at: "2026-03-16T13:00:00.000Z",
        by: { id: world.sharedA.user.id, name: world.sharedA.user.name },
        detail: null,
      },
      {
        kind: "categorized",
        at: "2026-03-17T12:00:00.000Z",
        by: office,
        detail: {
          changes: [
            { field: "account", before: null, after: "1.1.01 Caixa" },
            { field: "paymentDate", before: null, after: "2026-03-15" },
            { field: "value", before: null, after: "1234.56" },
          ],
        },
      },
      { kind: "contabilized", at: "2026-03-18T12:00:00.000Z", by: office, detail: { via: "desktop" } },
    ]);
  });

  test("a seeded categorisation saved again: the event tells it, with the columns' values as its before", async () => {
    const block = await createBlock({
      client: world.alpha,
      state: "categorized",
      account,
      paymentDate: new Date(Date.UTC(2026, 0, 5)),
      valueCents: 500n,
    });
    await save(block.id, account.id, "7.00");
    const categorized = (await blockHistory(block.id)).filter((entry) => entry.kind === "categorized");
    expect(categorized).toHaveLength(1);
    expect(categorized[0].detail).toEqual({
      changes: [
        { field: "paymentDate", before: "2026-01-05", after: today },
        { field: "value", before: "5.00", after: "7.00" },
      ],
    });
  });

  test("a seeded pendency solved, one closed by a devolve, and a devolved block", async () => {
    const block = await createBlock({
      client: world.alpha,
      state: "devolved",
      sentAt: new Date("2026-02-01T10:00:00.000Z"),
      devolvedAt: new Date("2026-02-03T10:00:00.000Z"),
    });
    await createPendency({
      block,
      issue: 2,
      observations: "Falta a segunda página",
      createdAt: new Date("2026-02-02T10:00:00.000Z"),
      solvedAt: new Date("2026-02-03T10:00:00.000Z"),
    });
    const history = await blockHistory(block.id);
    expect(history.map((entry) => [entry.kind, entry.at])).toEqual([
      ["sent", "2026-02-01T10:00:00.000Z"],
      ["pendency_raised", "2026-02-02T10:00:00.000Z"],
      ["devolved", "2026-02-03T10:00:00.000Z"],
      ["pendency_solved", "2026-02-03T10:00:00.000Z"],
    ]);
    expect(history[1].detail).toEqual({ issue: 2, observations: "Falta a segunda página" });
    expect(history[3]).toMatchObject({ by: null, detail: { closedByDevolve: true } });
  });
});

describe("the client history", () => {
  let client: Client;
  let ids: number[];
  const instant = new Date("2026-05-10T15:00:00.000Z");

  beforeAll(async () => {
    client = await createClient({ office: world.officeA, responsible: world.regularA });
    // 120 blocks sent at one instant, each viewed at that same instant: 240 entries to page through.
    const created = await db().block.createManyAndReturn({
      data: Array.from({ length: 120 }, () => ({ clientId: client.id, sentAt: instant })),
      select: { id: true },
    });
    ids = created.map((block) => block.id);
    await db().blockView.createMany({
      data: ids.map((blockId) => ({ blockId, operatorId: world.regularA.id, viewedAt: instant })),
    });
    // One later event of each office kind, on other days.
    const block = await createBlock({
      client,
      state: "contabilized",
      account,
      sentAt: new Date("2026-06-01T12:00:00.000Z"),
      categorizedAt: new Date("2026-06-02T12:00:00.000Z"),
      contabilizedAt: new Date("2026-06-03T12:00:00.000Z"),
    });
    ids.push(block.id);
  });

  test("pages of 50, newest first, every entry once across equal instants", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ClientHistoryAnswer = await clientHistory({ clientId: client.id, cursor });
      pages += 1;
      expect(page.items.length).toBeLessThanOrEqual(50);
      for (const item of page.items) seen.push(`${item.kind}:${item.blockId}`);
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toHaveLength(243);
    expect(new Set(seen).size).toBe(243);
    expect(seen.slice(0, 3)).toEqual([`contabilized:${ids[120]}`, `categorized:${ids[120]}`, `sent:${ids[120]}`]);
    for (const id of ids.slice(0, 120)) expect(seen).toEqual(expect.arrayContaining([`sent:${id}`, `viewed:${id}`]));
  });

  test("the entries are sorted by time, newest first, each with its block", async () => {
    const page = await clientHistory({ clientId: client.id });
    const times = page.items.map((item) => item.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.items[0]).toMatchObject({ kind: "contabilized", blockId: ids[120], at: "2026-06-03T12:00:00.000Z" });
  });

  test("kind filter", async () => {
    const page = await clientHistory({ clientId: client.id, kind: "categorized" });
    expect(page.items.map((item) => item.kind)).toEqual(["categorized"]);
    expect(page.nextCursor).toBeNull();
    const views = await clientHistory({ clientId: client.id, kind: "viewed" });
    expect(views.items).toHaveLength(50);
    expect(views.items.every((item) => item.kind === "viewed")).toBe(true);
  });

  test("operator filter: the office operator's own acts only", async () => {
    const mine = await clientHistory({ clientId: client.id, operatorId: world.regularA.id, kind: "contabilized" });
    expect(mine.items).toHaveLength(1);
    const none = await clientHistory({ clientId: client.id, operatorId: world.sharedA.id });
    expect(none.items).toEqual([]);
  });

  test("a company-only kind filtered by an office operator: nothing, every filter set", async () => {
    const cursor = encodeHistoryCursor({ at: "2026-06-01T00:00:00.000Z", source: 3, k1: 1, k2: 0 });
    for (const kind of ["undone", "pendency_solved"]) {
      const page = await clientHistory({
        clientId: client.id,
        kind,
        operatorId: world.regularA.id,
        from: "2026-01-01",
        to: "2026-12-31",
        cursor,
      });
      expect(page).toEqual({ items: [], nextCursor: null });
    }
  });

  test("period filter in São Paulo days, both ends included", async () => {
    const june = await clientHistory({ clientId: client.id, from: "2026-06-02", to: "2026-06-03" });
    expect(june.items.map((item) => item.kind)).toEqual(["contabilized", "categorized"]);
    const mayTenth = await clientHistory({ clientId: client.id, from: "2026-05-10", to: "2026-05-10", kind: "sent" });
    expect(mayTenth.items).toHaveLength(50);
    const before = await clientHistory({ clientId: client.id, to: "2026-05-09" });
    expect(before.items).toEqual([]);
  });

  test("events written by real calls show in the client's list", async () => {
    const page = await clientHistory({ clientId: world.alpha.id, kind: "contabilization_undone" });
    expect(page.items).toHaveLength(1);
    expect(page.items[0].by?.id).toBe(world.regularA.user.id);
    const events = await clientHistory({
      clientId: world.alpha.id,
      operatorId: world.regularA.id,
      kind: "categorized",
    });
    expect(events.items.length).toBeGreaterThanOrEqual(3);
  });
});

describe("exported: the export records", () => {
  test("a month exported twice: an entry per export on each of its blocks, with the format and count", async () => {
    const client = await createClient({ office: world.officeA, responsible: world.regularA });
    const coded = await createAccount({ office: world.officeA, code: "3.1.01.009", reducedCode: "319" });
    const block = await createBlock({
      client,
      state: "contabilized",
      account: coded,
      paymentDate: new Date("2026-03-05T00:00:00Z"),
      valueCents: 10_000,
      documents: 0,
      sentAt: new Date("2026-03-05T12:00:00Z"),
      categorizedAt: new Date("2026-03-05T13:00:00Z"),
      contabilizedAt: new Date("2026-03-05T14:00:00Z"),
    });
    await ok(post(exportSettingsPost, tokens.regularA, { clientId: client.id, counterpartAccount: "1.1.01" }));
    for (const format of ["csv", "dominio"]) {
      // The answer is the file: read as bytes, not as the envelope.
      const res = await exportPost(
        new Request("http://localhost/api/client/export", {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${tokens.regularA}` },
          body: JSON.stringify({ clientId: client.id, year: 2026, month: 3, format }),
        }),
        { params: Promise.resolve({}) },
      );
      await res.arrayBuffer();
      expect(res.status).toBe(200);
    }
    const history = await blockHistory(block.id);
    const exported = history.filter((entry) => entry.kind === "exported");
    expect(exported).toEqual([
      {
        kind: "exported",
        at: expect.any(String),
        by: { id: world.regularA.user.id, name: world.regularA.user.name },
        detail: { format: "csv", postings: 1 },
      },
      {
        kind: "exported",
        at: expect.any(String),
        by: { id: world.regularA.user.id, name: world.regularA.user.name },
        detail: { format: "dominio", postings: 1 },
      },
    ]);
    const page = await clientHistory({ clientId: client.id, kind: "exported" });
    expect(page.items.map((item) => [item.blockId, item.detail?.format])).toEqual([
      [block.id, "dominio"],
      [block.id, "csv"],
    ]);
    const mine = await clientHistory({ clientId: client.id, kind: "exported", operatorId: world.sharedA.id });
    expect(mine.items).toEqual([]);
  });
});

describe("validation", () => {
  const cursor = encodeHistoryCursor({ at: "2026-05-10T15:00:00.000Z", source: 1, k1: 5, k2: 0 });
  test.each([
    ["no clientId", {}, "clientId"],
    ["clientId 2^31", { clientId: 2 ** 31 }, "clientId"],
    ["a cursor that is not ours", { clientId: 1, cursor: "abc" }, "cursor"],
    ["a cursor with a NUL", { clientId: 1, cursor: `${cursor}\u0000` }, "cursor"],
    ["a cursor too long", { clientId: 1, cursor: "a".repeat(500) }, "cursor"],
    ["an unknown kind", { clientId: 1, kind: "deleted" }, "kind"],
    ["operatorId 2^31", { clientId: 1, operatorId: 2 ** 31 }, "operatorId"],
    ["from not a date", { clientId: 1, from: "10/05/2026" }, "from"],
    ["to 2026-02-30", { clientId: 1, to: "2026-02-30" }, "to"],
    ["from after to", { clientId: 1, from: "2026-05-11", to: "2026-05-10" }, "to"],
  ])("%s → 400 naming the field", async (_label, body, field) => {
    const res = await call(clientHistoryPost, { token: tokens.regularA, body });
    expect(res.status).toBe(400);
    expect(res.json.error?.fields?.map((item) => item.path)).toContain(field);
  });

  test("pt-BR messages", async () => {
    const res = await call(clientHistoryPost, {
      token: tokens.regularA,
      body: { clientId: 1, cursor: "x", kind: "y" },
    });
    const messages = res.json.error?.fields?.map((item) => item.message);
    expect(messages).toEqual(expect.arrayContaining([historyMessages.invalidCursor, historyMessages.invalidKind]));
  });

  test("an operator of another office: 400", async () => {
    const res = await call(clientHistoryPost, {
      token: tokens.regularA,
      body: { clientId: world.alpha.id, operatorId: world.ownerB.id },
    });
    expect(res.status).toBe(400);
    expect(res.json.error?.message).toBe(historyMessages.operatorNotFound);
  });

  test.each([
    ["no blockId", {}],
    ["blockId 2^31", { blockId: 2 ** 31 }],
    ["blockId a string with NUL", { blockId: "1\u0000" }],
  ])("block history: %s → 400", async (_label, body) => {
    expect((await call(historyPost, { token: tokens.regularA, body })).status).toBe(400);
  });

  test("a block that does not exist: 404", async () => {
    expect((await call(historyPost, { token: tokens.regularA, body: { blockId: 2 ** 31 - 1 } })).status).toBe(404);
  });
});

describe("who may read", () => {
  let blockId: number;
  beforeAll(async () => {
    blockId = (await createBlock({ client: world.alpha })).id;
  });
  test.each([
    ["ownerA", 200],
    ["adminA", 404],
    ["regularA", 200],
    ["sharedA", 200],
    ["outsiderA", 404],
    ["ownerB", 404],
    ["ownerAlpha", 403],
    ["regularAlpha", 403],
    ["ownerBeta", 404],
  ] as const)("%s → %i on both histories", async (who, status) => {
    expect((await call(historyPost, { token: tokens[who], body: { blockId } })).status).toBe(status);
    expect((await call(clientHistoryPost, { token: tokens[who], body: { clientId: world.alpha.id } })).status).toBe(
      status,
    );
  });
});
