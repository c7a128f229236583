// Contabilization at the desk (part 2): /api/operator/sync/contabilize and its lease,
// /api/operator/unsync/contabilize, /api/block/contabilize by a logged-in operator (idempotent, explicit
// undo, only categorised blocks, another's lease 409), /api/operator/contabilization/history — with the
// permission matrix of two offices, the client's business user and a blocked operator.
import { POST as syncPost } from "@/app/api/operator/sync/contabilize/route";
import { POST as unsyncPost } from "@/app/api/operator/unsync/contabilize/route";
import { POST as contabilizePost } from "@/app/api/block/contabilize/route";
import { POST as historyPost } from "@/app/api/operator/contabilization/history/route";
import { POST as busyPost } from "@/app/api/client/busy/route";
import {
  blockContabilizeAnswer,
  contabilizationMonthSchema,
  type BlockContabilizeAnswer,
  type ContabilizationMonth,
} from "@/lib/contract/contabilization";
import { currentYearMonth } from "@/lib/format/dates";
import { messages } from "@/lib/i18n/messages";
import { getDb, type Account, type Client } from "@/server/db/client";
import {
  createAccount,
  createAccountingOperator,
  createBlock,
  createClientOperator,
  createPendency,
  shareClient,
  type CreatedBlock,
  type OperatorWithUser,
} from "../helpers/factories";
import { call } from "../helpers/http";
import { buildClientWorld, worldLogins } from "./world";

const current = currentYearMonth();
const day = (d: number) => new Date(Date.UTC(current.year, current.month - 1, d));

let alpha: Client;
let regularA: OperatorWithUser;
let sharedA: OperatorWithUser;
let accountX: Account;
let accountY: Account;
const t = {} as Record<
  "ownerA" | "adminA" | "regularA" | "sharedA" | "outsiderA" | "ownerB" | "business" | "blocked",
  string
>;
const b = {} as Record<"x1" | "x2" | "xDone" | "yPending" | "uncat", CreatedBlock>;

beforeAll(async () => {
  const world = await buildClientWorld({ names: { regularA: "Rita Responsável", sharedA: "Sara Compartilhada" } });
  ({ alpha, regularA, sharedA } = world);
  const blockedA = await createAccountingOperator({ office: world.officeA, type: 2 });
  await shareClient({ client: alpha, operator: blockedA });
  await getDb().user.update({ where: { id: regularA.userId }, data: { pictureKey: "avatars/rita.webp" } });
  accountX = await createAccount({ office: world.officeA, code: "1.1.01.001", yearOfExercise: current.year });
  accountY = await createAccount({ office: world.officeA, code: "1.1.01.002", yearOfExercise: current.year });
  const mk = (o: Parameters<typeof createBlock>[0]) => createBlock({ client: alpha, operator: regularA, ...o });
  b.x1 = await mk({ state: "categorized", account: accountX, paymentDate: day(2), valueCents: 10_00 });
  b.x2 = await mk({ state: "categorized", account: accountX, paymentDate: day(1), valueCents: 20_00 });
  b.xDone = await mk({
    state: "contabilized",
    account: accountX,
    paymentDate: day(3),
    valueCents: 30_00,
    contabilizedAt: new Date(Date.now() - 60_000),
  });
  b.yPending = await mk({ state: "categorized", account: accountY, paymentDate: day(1), valueCents: 40_00 });
  await createPendency({ block: b.yPending });
  b.uncat = await mk({ state: "uncategorized", sentAt: day(1) });
  const business = await createClientOperator({ client: alpha, type: 0 });
  Object.assign(t, await worldLogins(world, { blocked: blockedA, business }));
  await getDb().accountingOperator.update({ where: { id: blockedA.id }, data: { blocked: true } });
});

const sync = (token: string | undefined, body: unknown) => call<ContabilizationMonth>(syncPost, { token, body });
const contabilize = (token: string | undefined, body: unknown) =>
  call<BlockContabilizeAnswer>(contabilizePost, { token, body });
const unsync = (token: string, body: unknown = {}) => call(unsyncPost, { token, body });
const leaseOf = (clientId: number) => getDb().contabilizationLease.findUnique({ where: { clientId } });

describe("POST /api/operator/sync/contabilize", () => {
  afterEach(async () => {
    await getDb().contabilizationLease.deleteMany({ where: { clientId: alpha.id } });
  });

  test("takes the lease and answers the month: accounts with blocks to post first, counts, next block, last posted", async () => {
    const res = await sync(t.regularA, { clientId: alpha.id });
    expect(res.status).toBe(200);
    const view = contabilizationMonthSchema.parse(res.json.data);
    expect(view).toMatchObject({
      clientId: alpha.id,
      year: current.year,
      month: current.month,
      uncontabilizedCount: 2,
    });
    expect(view.accounts.map((a) => [a.id, a.uncontabilizedCount])).toEqual([
      [accountX.id, 2],
      [accountY.id, 0], // its only block waits for the client (open pendency)
    ]);
    expect(view.accounts[0]!.next).toMatchObject({
      id: b.x2.id,
      date: `${current.year}-${String(current.month).padStart(2, "0")}-01`,
      value: "20.00",
    });
    expect(view.accounts[1]!.next).toBeNull();
    expect(view.lastContabilized.map((block) => block.id)).toEqual([b.xDone.id]);
    const lease = await leaseOf(alpha.id);
    expect(lease?.operatorId).toBe(regularA.id);
    expect(new Date(view.leaseExpiresDatetime).getTime()).toBe(lease!.expiresAt.getTime());
  });

  test("renews the caller's own lease; another operator gets 409 naming the holder; client/busy shows the holder", async () => {
    const first = await sync(t.regularA, { clientId: alpha.id });
    const again = await sync(t.regularA, { clientId: alpha.id });
    expect(again.status).toBe(200);
    expect(new Date(again.json.data!.leaseExpiresDatetime).getTime()).toBeGreaterThanOrEqual(
      new Date(first.json.data!.leaseExpiresDatetime).getTime(),
    );
    for (const who of ["sharedA", "ownerA"] as const) {
      const refused = await sync(t[who], { clientId: alpha.id });
      expect(refused.status).toBe(409);
      expect(refused.json.error?.message).toBe(messages.contabilization.held("Rita Responsável"));
      expect(refused.json.error).toMatchObject({ code: "conflict", details: { holder: { name: "Rita Responsável" } } });
    }
    const busy = await call<{ contabilizing: { name: string } | null }>(busyPost, {
      token: t.sharedA,
      body: { clientId: alpha.id },
    });
    expect(busy.json.data?.contabilizing?.name).toBe("Rita Responsável");
  });

  test("an expired lease is taken over; unsync releases it and only the caller's own", async () => {
    await sync(t.regularA, { clientId: alpha.id });
    expect((await unsync(t.sharedA, { clientId: alpha.id })).json.data).toEqual({ released: 0 });
    expect((await leaseOf(alpha.id))?.operatorId).toBe(regularA.id);
    await getDb().contabilizationLease.update({
      where: { clientId: alpha.id },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    expect((await sync(t.sharedA, { clientId: alpha.id })).status).toBe(200);
    expect((await leaseOf(alpha.id))?.operatorId).toBe(sharedA.id);
    expect((await unsync(t.sharedA)).json.data).toEqual({ released: 1 });
    expect(await leaseOf(alpha.id)).toBeNull();
    expect((await sync(t.regularA, { clientId: alpha.id })).status).toBe(200);
  });

  test("two operators racing for a free client: exactly one gets the lease", async () => {
    const results = await Promise.all([
      sync(t.regularA, { clientId: alpha.id }),
      sync(t.sharedA, { clientId: alpha.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  test("a chosen month; another office's, an unshared colleague's, the business user, a blocked operator, bad input", async () => {
    const march = await sync(t.regularA, { clientId: alpha.id, year: 2025, month: 3 });
    expect(march.json.data).toMatchObject({
      year: 2025,
      month: 3,
      accounts: [],
      uncontabilizedCount: 0,
      lastContabilized: [],
    });
    await getDb().contabilizationLease.deleteMany({ where: { clientId: alpha.id } });
    const cases = [
      { name: "another office", token: t.ownerB, body: { clientId: alpha.id }, status: 404 },
      { name: "unshared colleague", token: t.outsiderA, body: { clientId: alpha.id }, status: 404 },
      { name: "the company's business user", token: t.business, body: { clientId: alpha.id }, status: 403 },
      { name: "blocked operator", token: t.blocked, body: { clientId: alpha.id }, status: 401 },
      { name: "no token", token: undefined, body: { clientId: alpha.id }, status: 401 },
      { name: "no clientId", token: t.regularA, body: {}, status: 400 },
      { name: "year without month", token: t.regularA, body: { clientId: alpha.id, year: 2025 }, status: 400 },
      { name: "clientId text", token: t.regularA, body: { clientId: "1" }, status: 400 },
    ];
    for (const c of cases) expect([c.name, (await sync(c.token, c.body)).status]).toEqual([c.name, c.status]);
    expect(await leaseOf(alpha.id)).toBeNull();
  });
});

describe("POST /api/block/contabilize at the desk", () => {
  afterAll(async () => {
    await getDb().contabilizationLease.deleteMany({ where: { clientId: alpha.id } });
  });

  const audits = (blockId: number) =>
    getDb().auditEvent.count({
      where: { targetType: "block", targetId: String(blockId), action: { startsWith: "block.contabilize" } },
    });

  test("posts a block (taking a free lease), idempotent; undo is explicit and idempotent too", async () => {
    await getDb().contabilizationLease.deleteMany({ where: { clientId: alpha.id } });
    const before = await getDb().block.findUniqueOrThrow({ where: { id: b.x2.id } });
    const res = await contabilize(t.regularA, { blockId: b.x2.id, link: null });
    expect(res.status).toBe(200);
    const answer = blockContabilizeAnswer.parse(res.json.data);
    expect(answer.block).toMatchObject({ id: b.x2.id, version: before.version + 1 });
    expect(answer.block.contabilizedDatetime).toBeDefined();
    expect(answer.contabilization.uncontabilizedCount).toBe(1);
    expect(answer.contabilization.accounts[0]!.next?.id).toBe(b.x1.id);
    expect(answer.contabilization.lastContabilized[0]!.id).toBe(b.x2.id);
    expect((await leaseOf(alpha.id))?.operatorId).toBe(regularA.id);
    const row = await getDb().block.findUniqueOrThrow({ where: { id: b.x2.id } });
    expect(row.contabilizedById).toBe(regularA.id);

    const again = await contabilize(t.regularA, { blockId: b.x2.id, link: null });
    expect(again.status).toBe(200);
    // the same block; its signed URLs may carry a later expiry if the second call crossed a second
    const unsigned = (block: typeof answer.block) => ({
      ...block,
      documentsUrl: block.documentsUrl.map((u) => u.split("?")[0]),
      thumbnailsUrl: block.thumbnailsUrl.map((u) => u.split("?")[0]),
    });
    expect(unsigned(again.json.data!.block)).toEqual(unsigned(answer.block));
    expect(await audits(b.x2.id)).toBe(1);

    const undone = await contabilize(t.regularA, { blockId: b.x2.id, link: null, undo: true });
    expect(undone.status).toBe(200);
    expect(undone.json.data!.block.contabilizedDatetime).toBeUndefined();
    expect(undone.json.data!.block.version).toBe(before.version + 2);
    expect(undone.json.data!.contabilization.uncontabilizedCount).toBe(2);
    const undoneAgain = await contabilize(t.regularA, { blockId: b.x2.id, undo: true });
    expect(undoneAgain.json.data!.block.version).toBe(before.version + 2);
    expect(await audits(b.x2.id)).toBe(2);
    expect((await getDb().block.findUniqueOrThrow({ where: { id: b.x2.id } })).contabilizedById).toBeNull();
  });

  test("a doubled tap: parallel posts of one block write once", async () => {
    const results = await Promise.all([1, 2, 3].map(() => contabilize(t.regularA, { blockId: b.x1.id, link: null })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.json.data!.block.contabilizedDatetime)).size).toBe(1);
    expect(await audits(b.x1.id)).toBe(1);
    await contabilize(t.regularA, { blockId: b.x1.id, link: null, undo: true });
  });

  test("while Rita holds the lease, another operator's post is 409 naming her; nothing changes", async () => {
    await sync(t.regularA, { clientId: alpha.id });
    const refused = await contabilize(t.sharedA, { blockId: b.x1.id, link: null });
    expect(refused.status).toBe(409);
    expect(refused.json.error?.message).toBe(messages.contabilization.held("Rita Responsável"));
    expect((await getDb().block.findUniqueOrThrow({ where: { id: b.x1.id } })).contabilizedAt).toBeNull();
  });

  test("only categorised blocks without an open pendency; the matrix; bad input", async () => {
    const cases = [
      {
        name: "uncategorised",
        token: t.regularA,
        body: { blockId: b.uncat.id, link: null },
        status: 409,
        message: messages.contabilization.notCategorized,
      },
      { name: "uncategorised undo", token: t.regularA, body: { blockId: b.uncat.id, undo: true }, status: 409 },
      {
        name: "open pendency",
        token: t.regularA,
        body: { blockId: b.yPending.id, link: null },
        status: 409,
        message: messages.contabilization.pendencyOpen,
      },
      { name: "another office", token: t.ownerB, body: { blockId: b.x1.id, link: null }, status: 404 },
      { name: "unshared colleague", token: t.outsiderA, body: { blockId: b.x1.id, link: null }, status: 404 },
      { name: "business user", token: t.business, body: { blockId: b.x1.id, link: null }, status: 403 },
      { name: "blocked operator", token: t.blocked, body: { blockId: b.x1.id, link: null }, status: 401 },
      { name: "no token", token: undefined, body: { blockId: b.x1.id, link: null }, status: 401 },
      { name: "unknown block", token: t.regularA, body: { blockId: 2_000_000_000, link: null }, status: 404 },
      { name: "no blockId", token: t.regularA, body: { link: null }, status: 400 },
      { name: "undo not boolean", token: t.regularA, body: { blockId: b.x1.id, undo: "yes" }, status: 400 },
      { name: "link junk", token: t.regularA, body: { blockId: b.x1.id, link: "a b" }, status: 400 },
      { name: "an unknown link", token: t.regularA, body: { blockId: b.x1.id, link: "abc" }, status: 401 },
    ];
    for (const c of cases) {
      const res = await contabilize(c.token, c.body);
      expect([c.name, res.status]).toEqual([c.name, c.status]);
      if (c.message) expect(res.json.error?.message).toBe(c.message);
    }
    expect((await getDb().block.findUniqueOrThrow({ where: { id: b.x1.id } })).contabilizedAt).toBeNull();
  });
});

describe("POST /api/operator/contabilization/history", () => {
  test("the account's posted blocks of the month, most recently posted first; the matrix", async () => {
    const period = { year: current.year, month: current.month };
    const res = await call<{ id: number }[]>(historyPost, {
      token: t.regularA,
      body: { clientId: alpha.id, ...period, accountId: accountX.id, link: null },
    });
    expect(res.status).toBe(200);
    expect(res.json.data!.map((block) => block.id)).toEqual([b.xDone.id]);
    const empty = await call<unknown[]>(historyPost, {
      token: t.sharedA,
      body: { clientId: alpha.id, ...period, accountId: accountY.id },
    });
    expect(empty.json.data).toEqual([]);
    for (const [token, status] of [
      [t.ownerB, 404],
      [t.outsiderA, 404],
      [t.business, 403],
      [t.blocked, 401],
    ] as const) {
      expect(
        (await call(historyPost, { token, body: { clientId: alpha.id, ...period, accountId: accountX.id } })).status,
      ).toBe(status);
    }
    expect((await call(historyPost, { token: t.regularA, body: { ...period, accountId: accountX.id } })).status).toBe(
      400,
    );
  });
});
