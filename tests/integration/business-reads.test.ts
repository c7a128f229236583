// The business platform's reads: the galleries (/api/library/all, /api/library/documents),
// Blocos enviados (/api/operator/sent/get, /api/block/sent), Devolvidos (/api/document/devolved) and the
// business variant of /api/block/list (and /api/account/client, which already had it) — shapes, order,
// validation, the sharing rule and the permission matrix across two offices and three companies.
import { POST as listPost } from "@/app/api/block/list/route";
import { POST as accountsPost } from "@/app/api/account/client/route";
import { GET as librariesGet } from "@/app/api/library/all/route";
import { POST as documentsPost } from "@/app/api/library/documents/route";
import { GET as sentOperatorsGet } from "@/app/api/operator/sent/get/route";
import { POST as sentPost } from "@/app/api/block/sent/route";
import { GET as devolvedGet } from "@/app/api/document/devolved/route";
import { UNCATEGORIZED_KEY } from "@/lib/contract/blocks";
import {
  businessBlocksAnswer,
  libraryDocumentsAnswer,
  librariesAnswer,
  returnedDocumentsAnswer,
  sentBlocksAnswer,
  sentOperatorsAnswer,
  type BusinessBlocksAnswer,
  type GalleryDocument,
  type ReturnedDocument,
  type SentBlock,
} from "@/lib/contract/business";
import { SENT_UNDO_MS } from "@/lib/constants";
import { currentYearMonth, formatDate, saoPauloParts } from "@/lib/format/dates";
import { returnedDocumentDeadline } from "@/lib/format/deadline";
import { messages } from "@/lib/i18n/messages";
import { getDb, type Client } from "@/server/db/client";
import {
  createAccount,
  createBlock,
  createClient,
  createClientOperator,
  createDocument,
  createPendency,
  type ClientOperatorWithUser,
  type CreatedBlock,
} from "../helpers/factories";
import { call } from "../helpers/http";
import { buildClientWorld, loginAll, worldLogins } from "./world";

const SIGNED = /^\/api\/files\/.+\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let alpha: Client; // office A: the company of the tests
let beta: Client; // office A: another company
let gamma: Client; // office B
const op = {} as Record<
  "owner" | "admin" | "regular" | "quiet" | "blocked" | "betaOwner" | "gammaOwner",
  ClientOperatorWithUser
>;
const t = {} as Record<
  | "ownerA"
  | "adminA"
  | "regularA"
  | "sharedA"
  | "outsiderA"
  | "ownerB"
  | "owner"
  | "admin"
  | "regular"
  | "quiet"
  | "betaOwner"
  | "gammaOwner",
  string
>;
const doc = {} as Record<
  "old" | "recent" | "rescued" | "otherLibrary" | "regular" | "admin" | "returnedLoose" | "restored",
  { id: number }
>;
const sent = {} as Record<
  | "fresh"
  | "reported"
  | "older"
  | "categorized"
  | "contabilized"
  | "undone"
  | "devolved"
  | "march"
  | "lateMarch"
  | "regular",
  CreatedBlock
>;
const returned = {} as Record<
  "soon" | "later" | "other",
  { id: number; devolvedAt: Date; displayKey: string; createdAt: Date }
>;
let blockAccountId: number;

beforeAll(async () => {
  const world = await buildClientWorld();
  alpha = world.alpha;
  beta = await createClient({ office: world.officeA, responsible: world.regularA });
  gamma = await createClient({ responsible: world.ownerB });
  const person = (client: Client, type: number, name: string, sharedGallery: boolean) =>
    createClientOperator({ client, type, sharedGallery, user: { name } });
  op.owner = await person(alpha, 0, "Olga Dona", true);
  op.admin = await person(alpha, 1, "Adão Admin", false); // does not share
  op.regular = await person(alpha, 2, "Regina Regular", true);
  op.quiet = await person(alpha, 2, "Quitéria Calada", false);
  op.blocked = await person(alpha, 2, "Bruno Bloqueado", true);
  op.betaOwner = await person(beta, 0, "Beto Beta", true);
  op.gammaOwner = await person(gamma, 0, "Gama Gomes", true);
  await getDb().user.update({ where: { id: op.regular.userId }, data: { pictureKey: "avatars/regina.webp" } });

  // Galleries: Olga's own documents in no block, plus what must not show.
  const now = Date.now();
  const gallery = (uploadedBy: { id: number }, over: Parameters<typeof createDocument>[0] = {}) =>
    createDocument({ client: alpha, uploadedBy, ...over });
  doc.old = await gallery(op.owner, { createdAt: new Date(now - 3 * DAY) });
  doc.recent = await gallery(op.owner, { createdAt: new Date(now - MINUTE) });
  doc.rescued = await gallery(op.owner, { createdAt: new Date(now - 2 * DAY), rescued: true });
  doc.otherLibrary = await gallery(op.owner, { createdAt: new Date(now - 4 * DAY), library: "arquivo" });
  await gallery(op.owner, { deletedAt: new Date() }); // deleted
  doc.returnedLoose = await gallery(op.owner, { devolvedAt: new Date() }); // returned (in Devolvidos), not restored
  doc.regular = await gallery(op.regular);
  doc.admin = await gallery(op.admin);
  await createDocument({ client: beta, uploadedBy: op.betaOwner });

  // Blocks Olga sent: this month and March 2025.
  const account = await createAccount({ office: world.officeA });
  blockAccountId = account.id;
  const send = (over: Parameters<typeof createBlock>[0]) => createBlock({ client: alpha, sentBy: op.owner, ...over });
  sent.fresh = await send({ sentAt: new Date(now - 2 * MINUTE), documents: 2 });
  sent.older = await send({ sentAt: new Date(now - 20 * MINUTE) });
  // The office reported a pendency on it (already answered): no longer undoable.
  sent.reported = await send({ sentAt: new Date(now - 2 * MINUTE) });
  await createPendency({ block: sent.reported, createdAt: new Date(now - MINUTE), solvedAt: new Date() });
  sent.categorized = await send({
    state: "categorized",
    account,
    sentAt: new Date(now - 3 * MINUTE),
    categorizedAt: new Date(now - MINUTE),
  });
  sent.contabilized = await send({
    state: "contabilized",
    account,
    sentAt: new Date(now - 4 * MINUTE),
    categorizedAt: new Date(now - 2 * MINUTE),
    contabilizedAt: new Date(now - MINUTE),
  });
  sent.undone = await send({ sentAt: new Date(now - 5 * MINUTE) });
  await getDb().block.update({ where: { id: sent.undone.id }, data: { undoneAt: new Date() } });
  sent.devolved = await send({
    state: "devolved",
    sentAt: new Date(now - 6 * MINUTE),
    devolvedAt: new Date(now - MINUTE),
  });
  sent.march = await send({ sentAt: new Date("2025-03-10T15:00:00.000Z") });
  // 23:30 of 31 March in São Paulo: April in UTC, March for the company.
  sent.lateMarch = await send({ sentAt: new Date("2025-04-01T02:30:00.000Z") });
  sent.regular = await createBlock({ client: alpha, sentBy: op.regular, sentAt: new Date(now - MINUTE) });
  await createBlock({ client: beta, sentBy: op.betaOwner, sentAt: new Date(now - MINUTE) });

  // Devolvidos: alpha's returned documents, one restored, one deleted, one past its deadline; beta's own.
  const devolvedBlock = (client: Client, devolvedAt: Date, documents = 1) =>
    createBlock({ client, state: "devolved", sentAt: new Date(devolvedAt.getTime() - DAY), devolvedAt, documents });
  const soon = await devolvedBlock(alpha, new Date(now - 5 * DAY));
  const later = await devolvedBlock(alpha, new Date(now - DAY), 2);
  returned.soon = soon.documents[0] as (typeof returned)["soon"];
  returned.later = later.documents[0] as (typeof returned)["later"];
  // Restored: back in its sender's gallery as rescued (what /api/document/devolved/restore does).
  doc.restored = await getDb().document.update({
    where: { id: later.documents[1].id },
    data: { restoredAt: new Date(), devolvedAt: null, rescued: true, blockId: null },
  });
  const gone = await devolvedBlock(alpha, new Date(now - 2 * DAY));
  await getDb().document.update({ where: { id: gone.documents[0].id }, data: { deletedAt: new Date() } });
  await devolvedBlock(alpha, new Date(now - 9 * DAY)); // past its deadline: the job has not run yet
  returned.other = (await devolvedBlock(beta, new Date(now - DAY))).documents[0] as (typeof returned)["other"];
  // The devolved block of 'sent' gave Olga's devolved document too.
  await getDb().block.update({ where: { id: sent.devolved.id }, data: { devolvedAt: new Date(now - 6 * DAY) } });
  await getDb().document.updateMany({
    where: { blockId: sent.devolved.id },
    data: { devolvedAt: new Date(now - 6 * DAY) },
  });

  Object.assign(
    t,
    await worldLogins(world, {
      owner: op.owner,
      admin: op.admin,
      regular: op.regular,
      quiet: op.quiet,
      betaOwner: op.betaOwner,
      gammaOwner: op.gammaOwner,
    }),
  );
  await getDb().clientOperator.update({ where: { id: op.blocked.id }, data: { blocked: true } });
});

type Who = keyof typeof t;
const accountingPeople = ["ownerA", "adminA", "regularA", "sharedA", "outsiderA", "ownerB"] as const;

describe("GET /api/library/all", () => {
  test.each([
    ["owner", ["Regina Regular"]],
    ["admin", ["Olga Dona", "Regina Regular"]],
    ["regular", ["Olga Dona"]],
    ["quiet", ["Olga Dona", "Regina Regular"]],
    ["betaOwner", []],
  ] as const)("%s: 'Minha galeria', then the colleagues who share (not blocked), by name", async (who, names) => {
    const res = await call(librariesGet, { token: t[who] });
    expect(res.status).toBe(200);
    const libraries = librariesAnswer.parse(res.json.data);
    expect(libraries[0]).toEqual({ key: "", value: "Minha galeria" });
    expect(libraries.slice(1).map((library) => library.value)).toEqual(names);
    const byName = { "Olga Dona": op.owner.id, "Regina Regular": op.regular.id } as Record<string, number>;
    for (const library of libraries.slice(1)) expect(library.key).toBe(String(byName[library.value]));
  });

  test.each(accountingPeople)("%s (accounting) → 403", async (who) => {
    const res = await call(librariesGet, { token: t[who] });
    expect(res.status).toBe(403);
    expect(res.json.error).toEqual({ code: "forbidden", message: messages.business.api.clientOnly });
  });

  test("anonymous → 401", async () => {
    expect((await call(librariesGet, {})).status).toBe(401);
  });
});

describe("POST /api/library/documents", () => {
  const documents = async (who: Who, body: object): Promise<GalleryDocument[]> => {
    const res = await call<GalleryDocument[]>(documentsPost, { token: t[who], body });
    expect(res.status).toBe(200);
    return libraryDocumentsAnswer.parse(res.json.data);
  };

  test("the caller's own gallery: documents in no block, not deleted, not returned; rescued and restored flagged; newest first", async () => {
    const list = await documents("owner", {});
    expect(list.map((d) => d.id)).toEqual([
      doc.recent.id,
      doc.rescued.id,
      doc.restored.id,
      doc.old.id,
      doc.otherLibrary.id,
    ]);
    expect(list.find((d) => d.id === doc.restored.id)?.rescued).toBe(true);
    const recent = list[0];
    expect(recent).toEqual({
      id: doc.recent.id,
      date: expect.any(String),
      url: expect.stringMatching(SIGNED),
      thumbnailUrl: expect.stringMatching(SIGNED),
      rescued: false,
      width: expect.any(Number),
      height: expect.any(Number),
      deletable: true,
      kind: "photo",
      pages: 1,
      documentIds: [doc.recent.id],
      fileName: null,
    });
    expect(recent.url).not.toBe(recent.thumbnailUrl);
    expect(list.find((d) => d.id === doc.rescued.id)?.rescued).toBe(true);
    // Only the default library's documents can be deleted (spec §5).
    expect(list.find((d) => d.id === doc.otherLibrary.id)?.deletable).toBe(false);
  });

  test("operatorId null, omitted or the caller's own id: the same gallery", async () => {
    const own = await documents("owner", {});
    expect(await documents("owner", { operatorId: null })).toEqual(own);
    expect((await documents("owner", { operatorId: op.owner.id })).map((d) => d.id)).toEqual(own.map((d) => d.id));
  });

  test("a colleague who shares: its documents, none deletable", async () => {
    const list = await documents("owner", { operatorId: op.regular.id });
    expect(list.map((d) => d.id)).toEqual([doc.regular.id]);
    expect(list[0].deletable).toBe(false);
    expect((await documents("admin", { operatorId: op.owner.id })).every((d) => !d.deletable)).toBe(true);
  });

  test.each([
    ["a colleague who does not share", () => op.admin.id],
    ["a sharing colleague who is blocked", () => op.blocked.id],
    ["another company of the office", () => op.betaOwner.id],
    ["another office's company", () => op.gammaOwner.id],
    ["an unknown operator", () => 2_000_000_000],
  ])("%s → 404", async (_label, id) => {
    const res = await call(documentsPost, { token: t.owner, body: { operatorId: id() } });
    expect(res.status).toBe(404);
    expect(res.json.error).toEqual({ code: "not_found", message: messages.business.api.galleryNotFound });
  });

  test.each([
    ["operatorId 0", { operatorId: 0 }],
    ["operatorId 2^31", { operatorId: 2 ** 31 }],
    ["operatorId a string", { operatorId: "12" }],
    ["operatorId a fraction", { operatorId: 1.5 }],
  ])("%s → 400 at operatorId", async (_label, body) => {
    const res = await call(documentsPost, { token: t.owner, body });
    expect(res.status).toBe(400);
    expect(res.json.error?.fields?.map((f) => f.path)).toEqual(["operatorId"]);
  });

  test("not JSON → 400; accounting → 403; anonymous → 401", async () => {
    expect((await call(documentsPost, { token: t.owner, rawBody: "{" })).status).toBe(400);
    for (const who of accountingPeople)
      expect((await call(documentsPost, { token: t[who], body: {} })).status).toBe(403);
    expect((await call(documentsPost, { body: {} })).status).toBe(401);
  });
});

describe("GET /api/operator/sent/get", () => {
  test("the caller first (isMe), then the sharing colleagues by name, with signed pictures", async () => {
    const res = await call(sentOperatorsGet, { token: t.admin });
    expect(res.status).toBe(200);
    expect(sentOperatorsAnswer.parse(res.json.data)).toEqual([
      { id: op.admin.id, name: "Adão Admin", pictureUrl: null, isMe: true },
      { id: op.owner.id, name: "Olga Dona", pictureUrl: null, isMe: false },
      { id: op.regular.id, name: "Regina Regular", pictureUrl: expect.stringMatching(SIGNED), isMe: false },
    ]);
  });

  test("a caller who shares is listed once, first", async () => {
    const res = await call<{ id: number; isMe: boolean }[]>(sentOperatorsGet, { token: t.regular });
    expect(res.json.data?.map((o) => [o.id, o.isMe])).toEqual([
      [op.regular.id, true],
      [op.owner.id, false],
    ]);
  });

  test("another company sees only its own people; accounting → 403; anonymous → 401", async () => {
    const res = await call<{ id: number }[]>(sentOperatorsGet, { token: t.betaOwner });
    expect(res.json.data?.map((o) => o.id)).toEqual([op.betaOwner.id]);
    for (const who of accountingPeople) expect((await call(sentOperatorsGet, { token: t[who] })).status).toBe(403);
    expect((await call(sentOperatorsGet, {})).status).toBe(401);
  });
});

describe("POST /api/block/sent", () => {
  const now = currentYearMonth();
  const sentList = async (who: Who, body: object): Promise<SentBlock[]> => {
    const res = await call<SentBlock[]>(sentPost, { token: t[who], body });
    expect(res.status).toBe(200);
    return sentBlocksAnswer.parse(res.json.data);
  };
  /** The blocks of `list` among those of `names`, in the list's order. */
  const among = (list: SentBlock[], names: (keyof typeof sent)[]) => {
    const wanted = new Map(names.map((name) => [sent[name].id, name]));
    return list.filter((b) => wanted.has(b.id)).map((b) => wanted.get(b.id));
  };
  // The recent blocks were sent minutes ago: in the month of their own São Paulo date (the test may run
  // in the first minutes of a month).
  const monthOf = (block: CreatedBlock) => {
    const { year, month } = saoPauloParts(block.sentAt);
    return { year, month };
  };

  test("the caller's own: newest first; undone and devolved left out; contabilised with its date", async () => {
    const list = await sentList("owner", { operatorId: op.owner.id, ...monthOf(sent.older) });
    expect(among(list, ["fresh", "categorized", "contabilized", "undone", "devolved", "older"])).toEqual([
      "fresh",
      "categorized",
      "contabilized",
      "older",
    ]);
    const contabilized = list.find((b) => b.id === sent.contabilized.id);
    expect(contabilized?.contabilizedDatetime).toBe(sent.contabilized.contabilizedAt?.toISOString());
    expect(contabilized?.accountId).toBe(blockAccountId);
    expect(list.find((b) => b.id === sent.fresh.id)).not.toHaveProperty("contabilizedDatetime");
  });

  test("the shape, and undoableUntil: sent + 15 min while own, in the window and untouched by the office", async () => {
    const list = await sentList("owner", { operatorId: op.owner.id, ...monthOf(sent.older) });
    const fresh = list.find((b) => b.id === sent.fresh.id);
    expect(fresh).toEqual({
      id: sent.fresh.id,
      date: sent.fresh.sentAt.toISOString(),
      accountId: null,
      documentsUrl: [expect.stringMatching(SIGNED), expect.stringMatching(SIGNED)],
      thumbnailsUrl: [expect.stringMatching(SIGNED), expect.stringMatching(SIGNED)],
      operatorId: op.owner.id,
      undoableUntil: new Date(sent.fresh.sentAt.getTime() + SENT_UNDO_MS).toISOString(),
    });
    expect(list.find((b) => b.id === sent.older.id)?.undoableUntil).toBeNull(); // 20 minutes ago
    expect(list.find((b) => b.id === sent.categorized.id)?.undoableUntil).toBeNull();
    expect(list.find((b) => b.id === sent.reported.id)?.undoableUntil).toBeNull();
    expect(list.find((b) => b.id === sent.contabilized.id)?.undoableUntil).toBeNull();
  });

  test("no period: the current São Paulo month", async () => {
    const implicit = await sentList("owner", { operatorId: op.owner.id });
    const explicit = await sentList("owner", { operatorId: op.owner.id, year: now.year, month: now.month });
    expect(implicit).toEqual(explicit);
    // month alone: that month of the current year
    expect(await sentList("owner", { operatorId: op.owner.id, month: now.month })).toEqual(explicit);
  });

  test("a month by the São Paulo send date; a year alone is the whole year", async () => {
    expect(
      among(await sentList("owner", { operatorId: op.owner.id, year: 2025, month: 3 }), ["march", "lateMarch"]),
    ).toEqual(["lateMarch", "march"]);
    expect(await sentList("owner", { operatorId: op.owner.id, year: 2025, month: 4 })).toEqual([]);
    expect(among(await sentList("owner", { operatorId: op.owner.id, year: 2025 }), ["march", "lateMarch"])).toEqual([
      "lateMarch",
      "march",
    ]);
    expect(await sentList("owner", { operatorId: op.owner.id, year: 2024 })).toEqual([]);
  });

  test("a sharing colleague's blocks: never undoable for someone else", async () => {
    const list = await sentList("admin", { operatorId: op.owner.id, ...monthOf(sent.older) });
    expect(list.map((b) => b.id)).toContain(sent.fresh.id);
    expect(list.every((b) => b.undoableUntil === null)).toBe(true);
    expect((await sentList("owner", { operatorId: op.regular.id, ...monthOf(sent.regular) })).map((b) => b.id)).toEqual(
      [sent.regular.id],
    );
  });

  test.each([
    ["a colleague who does not share", () => op.admin.id],
    ["a blocked colleague", () => op.blocked.id],
    ["another company of the office", () => op.betaOwner.id],
    ["another office's company", () => op.gammaOwner.id],
    ["an unknown operator", () => 2_000_000_000],
  ])("%s → 404", async (_label, id) => {
    const res = await call(sentPost, { token: t.owner, body: { operatorId: id() } });
    expect(res.status).toBe(404);
    expect(res.json.error?.code).toBe("not_found");
  });

  test.each([
    ["no operatorId", {}, "operatorId"],
    ["operatorId null", { operatorId: null }, "operatorId"],
    ["operatorId 0", { operatorId: 0 }, "operatorId"],
    ["month 13", { operatorId: 1, year: 2025, month: 13 }, "month"],
    ["month 0", { operatorId: 1, year: 2025, month: 0 }, "month"],
    ["year 1999", { operatorId: 1, year: 1999, month: 1 }, "year"],
    ["year a string", { operatorId: 1, year: "2025" }, "year"],
  ])("%s → 400", async (_label, body, path) => {
    const res = await call(sentPost, { token: t.owner, body });
    expect(res.status).toBe(400);
    expect(res.json.error?.fields?.map((f) => f.path)).toEqual([path]);
  });

  test("accounting → 403; anonymous → 401", async () => {
    for (const who of accountingPeople)
      expect((await call(sentPost, { token: t[who], body: { operatorId: op.owner.id } })).status).toBe(403);
    expect((await call(sentPost, { body: { operatorId: op.owner.id } })).status).toBe(401);
  });
});

describe("GET /api/document/devolved", () => {
  const devolved = async (who: Who): Promise<ReturnedDocument[]> => {
    const res = await call<ReturnedDocument[]>(devolvedGet, { token: t[who] });
    expect(res.status).toBe(200);
    return returnedDocumentsAnswer.parse(res.json.data);
  };

  test("the company's returned documents, soonest deadline first; restored, deleted and overdue ones left out", async () => {
    const list = await devolved("regular");
    const sentDevolved = sent.devolved.documents[0].id;
    expect(list.map((d) => d.id)).toEqual([sentDevolved, returned.soon.id, returned.later.id, doc.returnedLoose.id]);
    const soon = list[1];
    expect(soon).toEqual({
      id: returned.soon.id,
      url: expect.stringMatching(SIGNED),
      thumbnailUrl: expect.stringMatching(SIGNED),
      date: returnedDocumentDeadline(returned.soon.devolvedAt).toISOString(),
      name: `Documento de ${formatDate(returned.soon.createdAt)}`,
      devolvedDatetime: returned.soon.devolvedAt.toISOString(),
      devolveReason: null,
    });
    // name: never the storage key (the url's last path segment)
    expect(soon.url.split("?")[0].endsWith(`/${soon.name}`)).toBe(false);
    expect(list.every((d) => /^Documento de \d{2}\/\d{2}\/\d{4}$/.test(d.name))).toBe(true);
    // date: 00:00 São Paulo, 7 days after the São Paulo return day
    const deadline = saoPauloParts(soon.date);
    expect([deadline.hour, deadline.minute]).toEqual([0, 0]);
  });

  test("every operator of the company sees the same list; another company its own", async () => {
    const ids = (await devolved("owner")).map((d) => d.id);
    expect((await devolved("admin")).map((d) => d.id)).toEqual(ids);
    expect((await devolved("betaOwner")).map((d) => d.id)).toEqual([returned.other.id]);
    expect(await devolved("gammaOwner")).toEqual([]);
  });

  test("accounting → 403; anonymous → 401", async () => {
    for (const who of accountingPeople) expect((await call(devolvedGet, { token: t[who] })).status).toBe(403);
    expect((await call(devolvedGet, {})).status).toBe(401);
  });
});

describe("POST /api/block/list, business variant", () => {
  const list = async (who: Who, body: object): Promise<BusinessBlocksAnswer> => {
    const res = await call<BusinessBlocksAnswer>(listPost, { token: t[who], body });
    expect(res.status).toBe(200);
    return businessBlocksAnswer.parse(res.json.data);
  };

  test("no clientId: the company's blocks by year → month → account, every block viewed, with pendencyNumber", async () => {
    const answer = await list("quiet", { year: 2025, month: 3 });
    const march = answer.blocks["2025"]["3"][UNCATEGORIZED_KEY];
    expect(march.map((b) => b.id)).toEqual([sent.lateMarch.id, sent.march.id]);
    expect(march.every((b) => b.viewed)).toBe(true);
    expect(answer).toMatchObject({ uncategorizedCount: expect.any(Number), uncontabilizedCount: 1, pendencyNumber: 0 });
  });

  test("its own clientId: the same answer; the whole map leaves devolved and undone blocks out", async () => {
    expect(await list("owner", { clientId: alpha.id, year: 2025, month: 3 })).toEqual(
      await list("owner", { year: 2025, month: 3 }),
    );
    const all = await list("owner", {});
    const ids = Object.values(all.blocks).flatMap((months) =>
      Object.values(months).flatMap((accounts) =>
        Object.values(accounts)
          .flat()
          .map((b) => b.id),
      ),
    );
    expect(ids).toContain(sent.fresh.id);
    expect(ids).toContain(sent.contabilized.id);
    expect(ids).not.toContain(sent.undone.id);
    expect(ids).not.toContain(sent.devolved.id);
    expect(all.uncategorizedCount).toBe(ids.length - 2); // all but the categorised and the contabilised
    expect(all.uncontabilizedCount).toBe(1);
  });

  test("pendencyNumber counts the company's open pendencies", async () => {
    const block = await createBlock({ client: beta, sentBy: op.betaOwner, state: "pendency" });
    await createPendency({ block, solvedAt: new Date() });
    expect((await list("betaOwner", {})).pendencyNumber).toBe(1);
    expect((await list("owner", {})).pendencyNumber).toBe(0);
  });

  test("another company's clientId → 404; the office keeps its variant (no pendencyNumber)", async () => {
    expect((await call(listPost, { token: t.owner, body: { clientId: beta.id } })).status).toBe(404);
    expect((await call(listPost, { token: t.owner, body: { clientId: gamma.id } })).status).toBe(404);
    const office = await call<Record<string, unknown>>(listPost, {
      token: t.regularA,
      body: { clientId: alpha.id, year: 2025, month: 3 },
    });
    expect(office.status).toBe(200);
    expect(office.json.data).not.toHaveProperty("pendencyNumber");
  });
});

describe("POST /api/account/client, business variant (the home's account panel)", () => {
  test("the company's own plan without clientId, one month or all; another company's id → 404", async () => {
    const { year, month } = currentYearMonth();
    const one = await call(accountsPost, { token: t.regular, body: { year, month } });
    expect(one.status).toBe(200);
    expect(Array.isArray(one.json.data)).toBe(true);
    const all = await call(accountsPost, { token: t.regular, body: {} });
    expect(all.status).toBe(200);
    expect(typeof all.json.data).toBe("object");
    expect((await call(accountsPost, { token: t.regular, body: { clientId: alpha.id, year, month } })).status).toBe(
      200,
    );
    expect((await call(accountsPost, { token: t.regular, body: { clientId: beta.id } })).status).toBe(404);
  });
});

test("a blocked company user is logged out (401) from every read", async () => {
  const [token] = Object.values(
    await loginAll({ other: await createClientOperator({ client: alpha, type: 2, sharedGallery: true }) }),
  );
  const other = await getDb().clientOperator.findFirstOrThrow({
    where: { clientId: alpha.id },
    orderBy: { id: "desc" },
  });
  await getDb().clientOperator.update({ where: { id: other.id }, data: { blocked: true } });
  expect((await call(librariesGet, { token })).status).toBe(401);
  expect((await call(devolvedGet, { token })).status).toBe(401);
});
