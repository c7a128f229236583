// The block calls of the accounting platform: POST /api/block/list,
// /api/block/viewed, /api/block/save, /api/block/devolve, /api/document/block — shapes, the month rule
// (payment date, or the São Paulo send date while uncategorised), validation, the permission matrix,
// optimistic concurrency, busy clients and parallel writes.
import { GET as listGet, POST as listPost, PUT as listPut } from "@/app/api/block/list/route";
import { POST as viewedPost } from "@/app/api/block/viewed/route";
import { POST as savePost } from "@/app/api/block/save/route";
import { POST as devolvePost } from "@/app/api/block/devolve/route";
import { POST as documentsPost } from "@/app/api/document/block/route";
import { POST as busyPost } from "@/app/api/client/busy/route";
import {
  blockDocumentsAnswer,
  blockSchema,
  clientBlocksAnswer,
  UNCATEGORIZED_KEY,
  type Block,
  type ClientBlocksAnswer,
} from "@/lib/contract/blocks";
import { PRESENCE_FRESH_MS } from "@/lib/constants";
import { currentYearMonth } from "@/lib/format/dates";
import { messages } from "@/lib/i18n/messages";
import { getDb, type Account, type AccountingOffice, type Client } from "@/server/db/client";
import {
  createAccount,
  createAccountingOperator,
  createBlock,
  createClient,
  createClientOperator,
  createPendency,
  shareClient,
  type CreatedBlock,
  type OperatorWithUser,
} from "../helpers/factories";
import { call } from "../helpers/http";
import { buildClientWorld, worldLogins } from "./world";

const current = currentYearMonth();
const pad = (n: number) => String(n).padStart(2, "0");
const thisMonthDate = (day = 1) => `${current.year}-${pad(current.month)}-${pad(day)}`;
const next =
  current.month === 12 ? { year: current.year + 1, month: 1 } : { year: current.year, month: current.month + 1 };

let officeA: AccountingOffice;
let regularA: OperatorWithUser; // responsible for alpha and delta
let sharedA: OperatorWithUser; // alpha and delta shared with it
let alpha: Client; // the list fixture (read-only below, but for views)
let delta: Client; // blocks that get saved and devolved
let gamma: Client; // office B
let accountNow: Account; // office A, this year's chart
let accountNow2: Account; // office A, this year's chart, never activated for any client
let accountPrev: Account; // office A, last year's chart
let accountB: Account; // office B, this year's chart
const t = {} as Record<
  "ownerA" | "adminA" | "regularA" | "sharedA" | "outsiderA" | "ownerB" | "business" | "businessAlpha" | "blocked",
  string
>;
const fixture = {} as Record<
  "uncatLate" | "pendencyBlock" | "cat" | "contab" | "april" | "devolved" | "undone" | "other",
  CreatedBlock
>;

beforeAll(async () => {
  const world = await buildClientWorld({
    names: { ownerA: "Ana Dona", regularA: "Rita Responsável", sharedA: "Sara Compartilhada" },
    alpha: { name: "Alfa Ltda" },
  });
  ({ officeA, regularA, sharedA, alpha } = world);
  const blockedA = await createAccountingOperator({ office: officeA, type: 2 });
  await getDb().user.update({ where: { id: regularA.userId }, data: { pictureKey: "avatars/rita.webp" } });
  delta = await createClient({ office: officeA, responsible: regularA, name: "Delta Ltda" });
  gamma = await createClient({ responsible: world.ownerB });
  await shareClient({ client: delta, operator: sharedA });
  await shareClient({ client: alpha, operator: blockedA });
  accountNow = await createAccount({ office: officeA, code: "4.1.01.001", yearOfExercise: current.year });
  accountNow2 = await createAccount({ office: officeA, code: "4.1.01.002", yearOfExercise: current.year });
  accountPrev = await createAccount({ office: officeA, code: "4.1.01.001", yearOfExercise: current.year - 1 });
  accountB = await createAccount({ office: { id: gamma.officeId }, code: "4.1.01.001", yearOfExercise: current.year });

  // alpha, March 2025: an uncategorised block sent at 23:30 on 31 March in São Paulo (already April
  // in UTC), one with an open pendency, a categorised and a contabilised one; April: one categorised.
  const mk = (o: Parameters<typeof createBlock>[0]) => createBlock({ client: alpha, operator: regularA, ...o });
  fixture.uncatLate = await mk({ state: "uncategorized", sentAt: new Date("2025-04-01T02:30:00.000Z"), documents: 2 });
  fixture.pendencyBlock = await mk({
    state: "pendency",
    sentAt: new Date("2025-03-05T12:00:00.000Z"),
    issue: 2,
    observations: "Falta a nota",
  });
  fixture.cat = await mk({
    state: "categorized",
    account: accountPrev,
    paymentDate: new Date("2025-03-15T00:00:00.000Z"),
    valueCents: 123_456,
    sentAt: new Date("2025-03-16T12:00:00.000Z"),
  });
  fixture.contab = await mk({
    state: "contabilized",
    account: accountPrev,
    paymentDate: new Date("2025-03-10T00:00:00.000Z"),
    valueCents: 5_000,
    sentAt: new Date("2025-03-11T12:00:00.000Z"),
    contabilizedAt: new Date("2025-03-20T15:00:00.000Z"),
  });
  fixture.april = await mk({
    state: "categorized",
    account: accountPrev,
    paymentDate: new Date("2025-04-30T00:00:00.000Z"),
    sentAt: new Date("2025-03-31T12:00:00.000Z"),
  });
  fixture.devolved = await mk({ state: "devolved", sentAt: new Date("2025-03-06T12:00:00.000Z") });
  fixture.undone = await mk({ state: "uncategorized", sentAt: new Date("2025-03-07T12:00:00.000Z") });
  await getDb().block.update({
    where: { id: fixture.undone.id },
    data: { undoneAt: new Date("2025-03-07T12:05:00.000Z") },
  });
  fixture.other = await createBlock({ client: gamma, state: "uncategorized" });
  // A solved pendency does not make hasPendency.
  await createPendency({
    block: fixture.cat,
    createdAt: new Date("2025-03-17T10:00:00.000Z"),
    solvedAt: new Date("2025-03-18T10:00:00.000Z"),
  });
  await getDb().blockView.create({ data: { blockId: fixture.cat.id, operatorId: regularA.id } });

  const business = await createClientOperator({ client: delta, type: 0 });
  Object.assign(
    t,
    await worldLogins(world, {
      blocked: blockedA,
      business,
      businessAlpha: await createClientOperator({ client: alpha, type: 0 }),
    }),
  );
  await getDb().accountingOperator.update({ where: { id: blockedA.id }, data: { blocked: true } });
});

afterEach(async () => {
  await getDb().contabilizationLease.deleteMany({});
  await getDb().presence.deleteMany({});
});

type Who = keyof typeof t;
const list = async (who: Who, body: object) => {
  const res = await call<ClientBlocksAnswer>(listPost, { token: t[who], body });
  expect(res.status).toBe(200);
  return clientBlocksAnswer.parse(res.json.data);
};
const ids = (blocks: Block[] | undefined) => (blocks ?? []).map((block) => block.id);
const newBlock = (state: "uncategorized" | "categorized" | "contabilized" | "pendency" = "uncategorized") =>
  createBlock({
    client: delta,
    state,
    operator: regularA,
    account: state === "categorized" || state === "contabilized" ? accountNow : undefined,
  });
const saveBody = (
  block: { id: number; version: number },
  over: Partial<{ date: string; value: string; accountId: number; version: number }> = {},
) => ({
  block: {
    id: block.id,
    date: over.date ?? thisMonthDate(),
    value: over.value ?? "1234.5",
    accountId: over.accountId ?? accountNow.id,
  },
  version: over.version ?? block.version,
});
const save = (who: Who, body: unknown) => call<Block>(savePost, { token: t[who], body });
const lease = (client: Client, operator: OperatorWithUser, expiresAt = new Date(Date.now() + 60_000)) =>
  getDb().contabilizationLease.create({ data: { clientId: client.id, operatorId: operator.id, expiresAt } });
const presence = (client: Client, operator: OperatorWithUser, seenAt = new Date()) =>
  getDb().presence.create({ data: { clientId: client.id, userId: operator.userId, screen: "categorization", seenAt } });

describe("POST /api/block/list", () => {
  test("one month: payment date's month, or the São Paulo send month while uncategorised; newest first", async () => {
    const answer = await list("regularA", { clientId: alpha.id, year: 2025, month: 3 });
    expect(Object.keys(answer.blocks)).toEqual(["2025"]);
    expect(Object.keys(answer.blocks["2025"])).toEqual(["3"]);
    const march = answer.blocks["2025"]["3"];
    expect(Object.keys(march).sort()).toEqual([String(accountPrev.id), UNCATEGORIZED_KEY].sort());
    expect(ids(march[UNCATEGORIZED_KEY])).toEqual([fixture.uncatLate.id, fixture.pendencyBlock.id]);
    expect(ids(march[String(accountPrev.id)])).toEqual([fixture.cat.id, fixture.contab.id]);
    // The whole client's badges, not the month's (the block waiting on its pendency in neither).
    expect(answer.uncategorizedCount).toBe(1);
    expect(answer.uncontabilizedCount).toBe(2);
  });

  test("the block shape: ISO date, decimal value, per-operator viewed, contabilizedDatetime only when set, signed URLs", async () => {
    const march = (await list("regularA", { clientId: alpha.id, year: 2025, month: 3 })).blocks["2025"]["3"];
    const [cat, contab] = march[String(accountPrev.id)];
    expect(cat).toEqual({
      id: fixture.cat.id,
      date: "2025-03-15",
      value: "1234.56",
      viewed: true,
      documentsUrl: [expect.stringMatching(/^\/api\/files\/.+\?exp=\d+&sig=/)],
      thumbnailsUrl: [expect.stringMatching(/^\/api\/files\/.+\?exp=\d+&sig=/)],
      accountId: accountPrev.id,
      sentDatetime: "2025-03-16T12:00:00.000Z",
      version: 1,
      hasPendency: false,
      reading: null,
      // Read as stored by the factory, with nothing found.
      readingPending: false,
      accountSuggestion: null,
    });
    expect(blockSchema.parse(cat)).toBeTruthy();
    expect(contab).toMatchObject({ value: "50.00", contabilizedDatetime: "2025-03-20T15:00:00.000Z", viewed: false });
    const [late, pending] = march[UNCATEGORIZED_KEY];
    expect(late).toMatchObject({ date: null, value: null, accountId: null, hasPendency: false, version: 0 });
    expect(late.documentsUrl).toHaveLength(2);
    expect(late.thumbnailsUrl).toHaveLength(2);
    expect(late.documentsUrl[0]).not.toEqual(late.thumbnailsUrl[0]);
    expect(late).not.toHaveProperty("contabilizedDatetime");
    expect(pending.hasPendency).toBe(true);
    // viewed is per operator: the owner never opened it.
    const owners = (await list("ownerA", { clientId: alpha.id, year: 2025, month: 3 })).blocks["2025"]["3"];
    expect(owners[String(accountPrev.id)][0].viewed).toBe(false);
  });

  test("without a month: every live block in the year → month → account map; devolved and undone left out", async () => {
    const answer = await list("ownerA", { clientId: alpha.id });
    expect(Object.keys(answer.blocks["2025"]).sort()).toEqual(["3", "4"]);
    expect(ids(answer.blocks["2025"]["4"][String(accountPrev.id)])).toEqual([fixture.april.id]);
    const all = Object.values(answer.blocks).flatMap((months) =>
      Object.values(months).flatMap((accounts) => Object.values(accounts).flat()),
    );
    expect(all.map((block) => block.id).sort((a, b) => a - b)).toEqual(
      [fixture.uncatLate, fixture.pendencyBlock, fixture.cat, fixture.contab, fixture.april]
        .map((b) => b.id)
        .sort((a, b) => a - b),
    );
  });

  test("an empty month answers an empty map with the client's counts", async () => {
    const answer = await list("ownerA", { clientId: alpha.id, year: 2024, month: 7 });
    // the block waiting on its pendency counts in neither badge (the categorization queue's definition)
    expect(answer).toEqual({ blocks: {}, uncategorizedCount: 1, uncontabilizedCount: 2 });
  });

  test.each([
    ["ownerA", 200],
    ["adminA", 404],
    ["regularA", 200],
    ["sharedA", 200],
    ["outsiderA", 404],
    ["ownerB", 404],
    ["businessAlpha", 200], // its own company: the business variant (tests/integration/business-reads.test.ts)
    ["business", 404],
    ["blocked", 401],
  ] as const)("%s lists alpha → %i", async (who, status) => {
    expect((await call(listPost, { token: t[who], body: { clientId: alpha.id, year: 2025, month: 3 } })).status).toBe(
      status,
    );
  });

  test("a business user without clientId: its own company's business variant, with pendencyNumber", async () => {
    const res = await call<Record<string, unknown>>(listPost, { token: t.businessAlpha, body: {} });
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveProperty("pendencyNumber");
  });

  test.each([
    ["no clientId", {}, "clientId"],
    ["clientId 2^31", { clientId: 2 ** 31 }, "clientId"],
    ["clientId 0", { clientId: 0 }, "clientId"],
    ["year without month", { clientId: 1, year: 2025 }, "month"],
    ["month 13", { clientId: 1, year: 2025, month: 13 }, "month"],
    ["year a string", { clientId: 1, year: "2025", month: 1 }, "year"],
  ])("%s → 400 on %s", async (_label, body, path) => {
    const res = await call(listPost, { token: t.ownerA, body });
    expect(res.status).toBe(400);
    expect(res.json.error?.fields?.map((field) => field.path)).toContain(path);
  });

  test("anonymous → 401; PUT → 405", async () => {
    expect((await call(listPost, { body: { clientId: alpha.id } })).status).toBe(401);
    expect((await call(listPut, { token: t.ownerA, method: "PUT" })).status).toBe(405);
  });

  test("GET is the call without payload (spec §7): a business user's company list; accounting 400; anonymous 401", async () => {
    const get = await call<Record<string, unknown>>(listGet, { token: t.businessAlpha });
    expect(get.status).toBe(200);
    const post = await call<Record<string, unknown>>(listPost, { token: t.businessAlpha, body: {} });
    expect(get.json.data).toEqual(post.json.data);
    expect(get.json.data).toHaveProperty("pendencyNumber");
    const bare = await call(listPost, { token: t.businessAlpha, method: "POST" });
    expect(bare.status).toBe(200);
    const accounting = await call(listGet, { token: t.ownerA });
    expect(accounting.status).toBe(400);
    expect(accounting.json.error?.fields?.map((field) => field.path)).toContain("clientId");
    expect((await call(listGet, {})).status).toBe(401);
  });
});

describe("POST /api/block/viewed", () => {
  test("marks the block opened for the caller only; idempotent", async () => {
    const block = await createBlock({
      client: alpha,
      state: "uncategorized",
      sentAt: new Date("2024-02-10T12:00:00.000Z"),
    });
    const viewedBy = async (who: Who) =>
      (await list(who, { clientId: alpha.id, year: 2024, month: 2 })).blocks["2024"]["2"][UNCATEGORIZED_KEY][0].viewed;
    expect(await viewedBy("sharedA")).toBe(false);
    for (let i = 0; i < 2; i += 1) {
      const res = await call(viewedPost, { token: t.sharedA, body: { blockId: block.id } });
      expect(res.status).toBe(200);
      expect(res.json.data).toEqual({ blockId: block.id, viewed: true });
    }
    expect(await viewedBy("sharedA")).toBe(true);
    expect(await viewedBy("ownerA")).toBe(false);
    expect(await getDb().blockView.count({ where: { blockId: block.id } })).toBe(1);
  });

  test("parallel marks of the same block: both 200, one row", async () => {
    const block = await newBlock();
    const results = await Promise.all(
      [1, 2, 3].map(() => call(viewedPost, { token: t.regularA, body: { blockId: block.id } })),
    );
    expect(results.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(await getDb().blockView.count({ where: { blockId: block.id } })).toBe(1);
  });

  test.each([
    ["ownerA", 200],
    ["adminA", 404],
    ["sharedA", 200],
    ["outsiderA", 404],
    ["ownerB", 404],
    ["business", 403],
    ["businessAlpha", 404],
  ] as const)("%s marks a delta block → %i", async (who, status) => {
    const block = await newBlock();
    expect((await call(viewedPost, { token: t[who], body: { blockId: block.id } })).status).toBe(status);
  });

  test("devolved, undone, unknown → 404; bad ids → 400", async () => {
    for (const blockId of [fixture.devolved.id, fixture.undone.id, 2_147_483_647]) {
      expect((await call(viewedPost, { token: t.ownerA, body: { blockId } })).status).toBe(404);
    }
    for (const body of [{}, { blockId: 2 ** 31 }, { blockId: 0 }, { blockId: "1" }, { blockId: 1.5 }]) {
      expect((await call(viewedPost, { token: t.ownerA, body })).status).toBe(400);
    }
  });
});

describe("POST /api/block/save", () => {
  test("categorises: the updated block with a new version; categorizedBy, client modifiedAt and the audit event", async () => {
    const block = await newBlock();
    const before = await getDb().client.findUniqueOrThrow({ where: { id: delta.id } });
    const res = await save("sharedA", saveBody(block, { value: "1234.5", date: thisMonthDate(1) }));
    expect(res.status).toBe(200);
    expect(blockSchema.parse(res.json.data)).toMatchObject({
      id: block.id,
      date: thisMonthDate(1),
      value: "1234.50",
      accountId: accountNow.id,
      version: block.version + 1,
      viewed: false,
      hasPendency: false,
    });
    const row = await getDb().block.findUniqueOrThrow({ where: { id: block.id } });
    expect(row).toMatchObject({ categorizedById: sharedA.id, valueCents: BigInt(123_450), version: block.version + 1 });
    expect(row.categorizedAt).not.toBeNull();
    const after = await getDb().client.findUniqueOrThrow({ where: { id: delta.id } });
    expect(after.modifiedAt.getTime()).toBeGreaterThan(before.modifiedAt.getTime());
    const events = await getDb().auditEvent.findMany({ where: { action: "block.save", targetId: String(block.id) } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ clientId: delta.id, officeId: officeA.id, actorUserId: sharedA.userId });
    // Re-categorising with the new version works and moves it again.
    const again = await save(
      "regularA",
      saveBody({ id: block.id, version: block.version + 1 }, { accountId: accountNow2.id, value: "7" }),
    );
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({ accountId: accountNow2.id, value: "7.00", version: block.version + 2 });
  });

  test("any account of the date year's chart, activated for the client or not; the block moves to its month", async () => {
    const block = await newBlock();
    const res = await save("regularA", saveBody(block, { accountId: accountNow2.id, date: thisMonthDate(2) }));
    expect(res.status).toBe(200);
    const month = (await list("regularA", { clientId: delta.id, ...current })).blocks[String(current.year)][
      String(current.month)
    ];
    expect(ids(month[String(accountNow2.id)])).toContain(block.id);
    expect(ids(month[UNCATEGORIZED_KEY])).not.toContain(block.id);
  });

  test("last year's account with a date of last year", async () => {
    const block = await newBlock();
    const prevChart = await getDb().account.findFirstOrThrow({
      where: { officeId: officeA.id, yearOfExercise: current.year - 1 },
    });
    const res = await save("regularA", saveBody(block, { accountId: prevChart.id, date: `${current.year - 1}-12-31` }));
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ date: `${current.year - 1}-12-31`, accountId: prevChart.id });
  });

  const firstYear = current.year - 4;
  test.each([
    ["empty date", { date: "" }, "block.date", messages.validation.empty],
    ["31 February", { date: `${current.year}-02-31` }, "block.date", messages.blocks.invalidDate],
    ["dd/mm/yyyy", { date: `01/${pad(current.month)}/${current.year}` }, "block.date", messages.blocks.invalidDate],
    ["single-digit month", { date: `${current.year}-1-01` }, "block.date", messages.blocks.invalidDate],
    ["with a time", { date: `${thisMonthDate()}T00:00:00Z` }, "block.date", messages.blocks.invalidDate],
    ["NUL byte in the date", { date: `${thisMonthDate()}\u0000` }, "block.date", messages.blocks.invalidDate],
    [
      "next month",
      { date: `${next.year}-${pad(next.month)}-01` },
      "block.date",
      messages.blocks.dateOutOfRange(firstYear),
    ],
    ["five years ago", { date: `${current.year - 5}-06-01` }, "block.date", messages.blocks.dateOutOfRange(firstYear)],
    ["empty value", { value: "" }, "block.value", messages.validation.empty],
    ["zero", { value: "0" }, "block.value", messages.blocks.invalidValue],
    ["0.00", { value: "0.00" }, "block.value", messages.blocks.invalidValue],
    ["negative", { value: "-1.00" }, "block.value", messages.blocks.invalidValue],
    ["comma", { value: "1,50" }, "block.value", messages.blocks.invalidValue],
    ["three decimals", { value: "1.234" }, "block.value", messages.blocks.invalidValue],
    ["exponent", { value: "1e3" }, "block.value", messages.blocks.invalidValue],
    ["16 digits", { value: "12345678901234.00" }, "block.value", messages.blocks.invalidValue],
    ["pt-BR money text", { value: "R$ 1,00" }, "block.value", messages.blocks.invalidValue],
    ["NUL byte in the value", { value: "1.00\u0000" }, "block.value", messages.blocks.invalidValue],
  ])("%s → 400 with the field's message, nothing changed", async (_label, over, path, message) => {
    const block = await newBlock();
    const res = await save("regularA", saveBody(block, over));
    expect(res.status).toBe(400);
    expect(res.json.error?.fields).toContainEqual({ path, message });
    expect(await getDb().block.findUniqueOrThrow({ where: { id: block.id } })).toMatchObject({
      version: block.version,
      accountId: null,
    });
  });

  test("the largest value that fits (15 digits) is kept to the cent", async () => {
    const block = await newBlock();
    const res = await save("regularA", saveBody(block, { value: "9999999999999.99" }));
    expect(res.status).toBe(200);
    expect(res.json.data?.value).toBe("9999999999999.99");
  });

  test.each([
    ["another office's account", () => accountB.id],
    ["an account of another year's chart", () => accountPrev.id],
    ["an unknown account", () => 2_147_483_647],
  ])("%s → 400 on block.accountId", async (_label, accountId) => {
    const block = await newBlock();
    const res = await save("regularA", saveBody(block, { accountId: accountId() }));
    expect(res.status).toBe(400);
    expect(res.json.error?.fields).toContainEqual({
      path: "block.accountId",
      message: messages.blocks.accountNotInChart,
    });
  });

  test.each([
    [
      "id 2^31",
      (b: { id: number; version: number }) => ({ ...saveBody(b), block: { ...saveBody(b).block, id: 2 ** 31 } }),
      "block.id",
    ],
    ["accountId 2^31", (b: { id: number; version: number }) => saveBody(b, { accountId: 2 ** 31 }), "block.accountId"],
    ["version -1", (b: { id: number; version: number }) => saveBody(b, { version: -1 }), "version"],
    [
      "version not a whole number",
      (b: { id: number; version: number }) => ({ ...saveBody(b), version: 1.5 }),
      "version",
    ],
    ["block missing", () => ({ version: 0 }), "block"],
    [
      "value a number",
      (b: { id: number; version: number }) => ({ ...saveBody(b), block: { ...saveBody(b).block, value: 12.5 } }),
      "block.value",
    ],
  ])("%s → 400", async (_label, body, path) => {
    const block = await newBlock();
    const res = await save("regularA", body(block));
    expect(res.status).toBe(400);
    expect(res.json.error?.fields?.map((field) => field.path)).toContain(path);
  });

  test("a stale version → 409 with the reload message; nothing changed", async () => {
    const block = await newBlock();
    expect((await save("regularA", saveBody(block))).status).toBe(200);
    const res = await save("sharedA", saveBody(block, { value: "99" }));
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toBe(messages.blocks.stale);
    expect((await getDb().block.findUniqueOrThrow({ where: { id: block.id } })).valueCents).toBe(BigInt(123_450));
  });

  test("two parallel saves of the same version: exactly one 200, the other 409", async () => {
    const block = await newBlock();
    const results = await Promise.all([
      save("regularA", saveBody(block, { value: "1" })),
      save("sharedA", saveBody(block, { value: "2" })),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    const row = await getDb().block.findUniqueOrThrow({ where: { id: block.id } });
    expect(row.version).toBe(block.version + 1);
    expect(await getDb().auditEvent.count({ where: { action: "block.save", targetId: String(block.id) } })).toBe(1);
    // The loser sees the winner's block beside the stale message.
    const winner = results.find((res) => res.status === 200)!;
    const loser = results.find((res) => res.status === 409)!;
    expect(loser.json.error?.message).toBe(messages.blocks.stale);
    expect((loser.json.error as { details?: { block?: Block } }).details?.block).toEqual(winner.json.data);
  });

  test("a block with an open pendency → 409 (it waits for the client); once solved it saves", async () => {
    const block = await newBlock("categorized");
    const pendency = await createPendency({ block, issue: 1 });
    const res = await save("regularA", saveBody(block));
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toBe(messages.blocks.pendencyOpen);
    expect((await getDb().block.findUniqueOrThrow({ where: { id: block.id } })).version).toBe(block.version);
    await getDb().pendency.update({ where: { id: pendency.id }, data: { solvedAt: new Date() } });
    expect((await save("regularA", saveBody(block))).status).toBe(200);
  });

  test("a contabilised block → 409; devolved or undone → 404", async () => {
    const contab = await newBlock("contabilized");
    const res = await save("regularA", saveBody(contab));
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toBe(messages.blocks.contabilized);
    expect((await save("ownerA", saveBody(fixture.devolved))).status).toBe(404);
    expect((await save("ownerA", saveBody(fixture.undone))).status).toBe(404);
  });

  test("busy: another operator's contabilization lease → 409 naming it; the holder itself may save; an expired lease frees", async () => {
    const block = await newBlock();
    await lease(delta, sharedA);
    const res = await save("regularA", saveBody(block));
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toBe(messages.blocks.busy(sharedA.user.name));
    const busy = await call(busyPost, { token: t.regularA, body: { clientId: delta.id } });
    expect(busy.json.data).toEqual({
      busy: { name: sharedA.user.name, pictureUrl: null },
      contabilizing: { name: sharedA.user.name, pictureUrl: null },
    });
    expect((await save("sharedA", saveBody(block))).status).toBe(200);
    await getDb().contabilizationLease.update({
      where: { clientId: delta.id },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    expect((await save("regularA", saveBody({ id: block.id, version: block.version + 1 }))).status).toBe(200);
  });

  test("busy: another operator's fresh categorization screen → 409, unless the caller categorises beside it; a stale one frees", async () => {
    const block = await newBlock();
    await presence(delta, sharedA);
    const res = await save("regularA", saveBody(block));
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toBe(messages.blocks.busy(sharedA.user.name));
    // A presence is not a contabilization: Contabilizar stays enabled.
    expect((await call(busyPost, { token: t.regularA, body: { clientId: delta.id } })).json.data).toMatchObject({
      contabilizing: null,
    });
    await presence(delta, regularA);
    expect((await save("regularA", saveBody(block))).status).toBe(200);
    await getDb().presence.deleteMany({});
    await presence(delta, sharedA, new Date(Date.now() - PRESENCE_FRESH_MS - 1_000));
    expect((await save("regularA", saveBody({ id: block.id, version: block.version + 1 }))).status).toBe(200);
  });

  test.each([
    ["ownerA", 200],
    ["adminA", 404],
    ["regularA", 200],
    ["sharedA", 200],
    ["outsiderA", 404],
    ["ownerB", 404],
    ["business", 403],
    ["businessAlpha", 404],
    ["blocked", 401],
  ] as const)("%s saves a delta block → %i", async (who, status) => {
    const block = await newBlock();
    expect((await save(who, saveBody(block))).status).toBe(status);
    if (status !== 200)
      expect((await getDb().block.findUniqueOrThrow({ where: { id: block.id } })).version).toBe(block.version);
  });
});

describe("POST /api/block/save with the spec's body (no version)", () => {
  const specBody = (block: { id: number }, over: Partial<{ date: string; value: string; accountId: number }> = {}) => ({
    block: {
      id: block.id,
      date: over.date ?? thisMonthDate(3),
      value: over.value ?? "10.5",
      accountId: over.accountId ?? accountNow.id,
    },
  });

  test("saves whatever the version: the last writer wins, each save audited with the version it wrote over", async () => {
    const block = await newBlock();
    const first = await save("regularA", specBody(block, { value: "10.5" }));
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ id: block.id, value: "10.50", version: block.version + 1 });
    // A colleague saves over it without knowing the new version: no 409.
    const second = await save("sharedA", specBody(block, { value: "20", accountId: accountNow2.id }));
    expect(second.status).toBe(200);
    expect(second.json.data).toMatchObject({ value: "20.00", accountId: accountNow2.id, version: block.version + 2 });
    const row = await getDb().block.findUniqueOrThrow({ where: { id: block.id } });
    expect(row).toMatchObject({ valueCents: BigInt(2_000), version: block.version + 2, categorizedById: sharedA.id });
    const events = await getDb().auditEvent.findMany({
      where: { action: "block.save", targetId: String(block.id) },
      orderBy: { id: "asc" },
    });
    // Both sides of each save in the wire's forms (the history shows what changed).
    const label = (account: { code: string; description: string }) => `${account.code} ${account.description}`;
    expect(events.map((event) => event.data)).toEqual([
      {
        before: { accountId: null, code: null, account: null, date: null, value: null, version: block.version },
        after: {
          accountId: accountNow.id,
          code: accountNow.code,
          account: label(accountNow),
          date: thisMonthDate(3),
          value: "10.50",
          version: block.version + 1,
        },
      },
      {
        before: {
          accountId: accountNow.id,
          code: accountNow.code,
          account: label(accountNow),
          date: thisMonthDate(3),
          value: "10.50",
          version: block.version + 1,
        },
        after: {
          accountId: accountNow2.id,
          code: accountNow2.code,
          account: label(accountNow2),
          date: thisMonthDate(3),
          value: "20.00",
          version: block.version + 2,
        },
      },
    ]);
  });

  test("two at once: both written, one after the other", async () => {
    const block = await newBlock();
    const results = await Promise.all([
      save("regularA", specBody(block, { value: "1" })),
      save("sharedA", specBody(block, { value: "2" })),
    ]);
    expect(results.map((res) => res.status)).toEqual([200, 200]);
    expect(results.map((res) => (res.json.data as Block).version).sort()).toEqual([
      block.version + 1,
      block.version + 2,
    ]);
    const row = await getDb().block.findUniqueOrThrow({ where: { id: block.id } });
    expect(row.version).toBe(block.version + 2);
    const last = results.find((res) => (res.json.data as Block).version === block.version + 2)!;
    expect(row.valueCents).toBe(BigInt(Number((last.json.data as Block).value) * 100));
    expect(await getDb().auditEvent.count({ where: { action: "block.save", targetId: String(block.id) } })).toBe(2);
  });

  test("still refused: contabilised or pending 409, devolved 404, an account outside the chart 400, a busy client 409", async () => {
    const contab = await newBlock("contabilized");
    const refused = await save("regularA", specBody(contab));
    expect(refused.status).toBe(409);
    expect(refused.json.error?.message).toBe(messages.blocks.contabilized);

    const pending = await newBlock("categorized");
    await createPendency({ block: pending, issue: 1 });
    const waiting = await save("regularA", specBody(pending));
    expect(waiting.status).toBe(409);
    expect(waiting.json.error?.message).toBe(messages.blocks.pendencyOpen);

    expect((await save("ownerA", specBody(fixture.devolved))).status).toBe(404);

    const block = await newBlock();
    const outside = await save("regularA", specBody(block, { accountId: accountB.id }));
    expect(outside.status).toBe(400);
    expect(outside.json.error?.message).toBe(messages.blocks.accountNotInChart);
    expect(await save("regularA", { block: { ...specBody(block).block, value: "-1" } })).toMatchObject({ status: 400 });

    const expiresAt = new Date(Date.now() + 60_000);
    await getDb().contabilizationLease.upsert({
      where: { clientId: delta.id },
      create: { clientId: delta.id, operatorId: sharedA.id, expiresAt },
      update: { operatorId: sharedA.id, expiresAt },
    });
    const busy = await save("regularA", specBody(block));
    expect(busy.status).toBe(409);
    expect(busy.json.error?.message).toBe(messages.blocks.busy(sharedA.user.name));
    await getDb().contabilizationLease.deleteMany({ where: { clientId: delta.id } });
    for (const one of [contab, pending, block])
      expect((await getDb().block.findUniqueOrThrow({ where: { id: one.id } })).version).toBe(one.version);
  });
});

describe("POST /api/block/devolve", () => {
  test("the block leaves every list, its documents are devolved, its open pendency closed, audited", async () => {
    const block = await newBlock("pendency");
    const before = await list("regularA", { clientId: delta.id });
    const res = await call(devolvePost, { token: t.regularA, body: { blockId: block.id } });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ blockId: block.id, devolvedDatetime: expect.any(String) });
    const row = await getDb().block.findUniqueOrThrow({
      where: { id: block.id },
      include: { documents: true, pendencies: true },
    });
    expect(row.devolvedAt?.toISOString()).toBe((res.json.data as { devolvedDatetime: string }).devolvedDatetime);
    expect(row.devolvedById).toBe(regularA.id);
    expect(row.documents.every((doc) => doc.devolvedAt?.getTime() === row.devolvedAt?.getTime())).toBe(true);
    expect(row.pendencies.every((p) => p.solvedAt !== null)).toBe(true);
    const after = await list("regularA", { clientId: delta.id });
    const all = (answer: ClientBlocksAnswer) =>
      Object.values(answer.blocks)
        .flatMap((m) => Object.values(m).flatMap((a) => Object.values(a).flat()))
        .map((b) => b.id);
    expect(all(before)).toContain(block.id);
    expect(all(after)).not.toContain(block.id);
    // it waited on its pendency: counted in no badge before, none after
    expect(after.uncategorizedCount).toBe(before.uncategorizedCount);
    expect(await getDb().auditEvent.count({ where: { action: "block.devolve", targetId: String(block.id) } })).toBe(1);
    // The same operator's devolve again (a double click): done, nothing written.
    const again = await call(devolvePost, { token: t.regularA, body: { blockId: block.id } });
    expect([again.status, again.json.data]).toEqual([200, res.json.data]);
    expect(await getDb().auditEvent.count({ where: { action: "block.devolve", targetId: String(block.id) } })).toBe(1);
    // Permanent: every later call about it is 404.
    expect((await call(devolvePost, { token: t.ownerA, body: { blockId: block.id } })).status).toBe(404);
    expect((await call(documentsPost, { token: t.regularA, body: { blockId: block.id } })).status).toBe(404);
    expect((await save("regularA", saveBody(block))).status).toBe(404);
  });

  test("a categorised block may be devolved; a contabilised one → 409, unchanged", async () => {
    expect(
      (await call(devolvePost, { token: t.regularA, body: { blockId: (await newBlock("categorized")).id } })).status,
    ).toBe(200);
    const contab = await newBlock("contabilized");
    const res = await call(devolvePost, { token: t.regularA, body: { blockId: contab.id } });
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toBe(messages.blocks.contabilized);
    expect((await getDb().block.findUniqueOrThrow({ where: { id: contab.id } })).devolvedAt).toBeNull();
  });

  test("parallel devolves: exactly one succeeds, the other 404, one audit event", async () => {
    const block = await newBlock();
    const results = await Promise.all([
      call(devolvePost, { token: t.regularA, body: { blockId: block.id } }),
      call(devolvePost, { token: t.sharedA, body: { blockId: block.id } }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 404]);
    expect(await getDb().auditEvent.count({ where: { action: "block.devolve", targetId: String(block.id) } })).toBe(1);
  });

  test("a save racing a devolve: the devolve always wins the block; the save lands before it or answers 404", async () => {
    const block = await newBlock();
    const [saved, devolved] = await Promise.all([
      save("regularA", saveBody(block)),
      call(devolvePost, { token: t.sharedA, body: { blockId: block.id } }),
    ]);
    expect(devolved.status).toBe(200);
    expect([200, 404]).toContain(saved.status);
    const row = await getDb().block.findUniqueOrThrow({ where: { id: block.id } });
    expect(row.devolvedAt).not.toBeNull();
    expect(row.version).toBe(block.version + (saved.status === 200 ? 2 : 1));
  });

  test.each([
    ["ownerA", 200],
    ["adminA", 404],
    ["sharedA", 200],
    ["outsiderA", 404],
    ["ownerB", 404],
    ["business", 403],
    ["blocked", 401],
  ] as const)("%s devolves a delta block → %i", async (who, status) => {
    const block = await newBlock();
    expect((await call(devolvePost, { token: t[who], body: { blockId: block.id } })).status).toBe(status);
    if (status !== 200)
      expect((await getDb().block.findUniqueOrThrow({ where: { id: block.id } })).devolvedAt).toBeNull();
  });

  test("bad ids → 400; NUL in the body → 400", async () => {
    for (const body of [{}, { blockId: 2 ** 31 }, { blockId: -1 }, { blockId: "\u0000" }]) {
      expect((await call(devolvePost, { token: t.ownerA, body })).status).toBe(400);
    }
  });
});

describe("POST /api/document/block", () => {
  test("contabilised by the categoriser: both names and photos, alsoContabilize, version", async () => {
    const res = await call(documentsPost, { token: t.ownerA, body: { blockId: fixture.contab.id } });
    expect(res.status).toBe(200);
    const photo = expect.stringMatching(/^\/api\/files\/avatars\/rita\.webp\?exp=/);
    expect(blockDocumentsAnswer.parse(res.json.data)).toEqual({
      documentsUrl: [expect.stringMatching(/^\/api\/files\//)],
      thumbnailsUrl: [expect.stringMatching(/^\/api\/files\//)],
      categorizedBy: "Rita Responsável",
      contabilizedBy: "Rita Responsável",
      categorizedPhotoUrl: photo,
      contabilizedPhotoUrl: photo,
      alsoContabilize: true,
      version: 1,
      pendency: null,
      reading: null,
      readingPending: false, // read as stored by the factory, nothing found
      importedBy: null,
      sources: [null],
      exportedAt: null,
      accountSuggestion: null,
    });
  });

  test("contabilised by another operator: alsoContabilize false", async () => {
    const block = await createBlock({
      client: delta,
      state: "contabilized",
      operator: regularA,
      contabilizedBy: sharedA,
      account: accountNow,
    });
    const res = await call(documentsPost, { token: t.regularA, body: { blockId: block.id } });
    expect(res.json.data).toMatchObject({
      categorizedBy: "Rita Responsável",
      contabilizedBy: "Sara Compartilhada",
      contabilizedPhotoUrl: null,
      alsoContabilize: false,
    });
  });

  test("uncategorised with an open pendency: nobody yet, the pendency's problem, observation and date", async () => {
    const res = await call(documentsPost, { token: t.regularA, body: { blockId: fixture.pendencyBlock.id } });
    expect(res.json.data).toMatchObject({
      categorizedBy: null,
      contabilizedBy: null,
      categorizedPhotoUrl: null,
      alsoContabilize: false,
      version: 0,
      pendency: {
        issue: 2,
        observations: "Falta a nota",
        date: fixture.pendencyBlock.pendencies[0].createdAt.toISOString(),
      },
    });
  });

  test("a solved pendency is not shown; categorised only: no contabilizedBy", async () => {
    const res = await call(documentsPost, { token: t.regularA, body: { blockId: fixture.cat.id } });
    expect(res.json.data).toMatchObject({
      categorizedBy: "Rita Responsável",
      contabilizedBy: null,
      alsoContabilize: false,
      pendency: null,
    });
  });

  test.each([
    ["ownerA", 200],
    ["adminA", 404],
    ["sharedA", 200],
    ["outsiderA", 404],
    ["ownerB", 404],
    ["businessAlpha", 403],
    ["business", 404],
  ] as const)("%s asks an alpha block → %i", async (who, status) => {
    expect((await call(documentsPost, { token: t[who], body: { blockId: fixture.cat.id } })).status).toBe(status);
  });

  test("devolved, undone, another office's → 404; 2^31 → 400", async () => {
    for (const block of [fixture.devolved, fixture.undone, fixture.other]) {
      expect((await call(documentsPost, { token: t.ownerA, body: { blockId: block.id } })).status).toBe(404);
    }
    expect((await call(documentsPost, { token: t.ownerA, body: { blockId: 2 ** 31 } })).status).toBe(400);
  });
});
