// The categorization calls: POST /api/block/tocategorize (the queue, its claims and the
// prefetched next), /api/block/save in the loop (claim released, two savers), /api/pendency/create,
// /api/operator/sync/block and unsync/block, devolve in the loop and the busy rules — with the
// permission matrix of tests/integration/world.ts.
import { POST as toCategorizePost } from "@/app/api/block/tocategorize/route";
import { POST as savePost } from "@/app/api/block/save/route";
import { POST as devolvePost } from "@/app/api/block/devolve/route";
import { POST as pendencyCreatePost } from "@/app/api/pendency/create/route";
import { POST as syncPost } from "@/app/api/operator/sync/block/route";
import { GET as unsyncGet, POST as unsyncPost } from "@/app/api/operator/unsync/block/route";
import { POST as busyPost } from "@/app/api/client/busy/route";
import { POST as blockListPost } from "@/app/api/block/list/route";
import { GET as clientsGet } from "@/app/api/clients/route";
import { clientBlocksAnswer, type ClientBlocksAnswer } from "@/lib/contract/blocks";
import { GET as devolvedGet } from "@/app/api/document/devolved/route";
import { POST as viewedPost } from "@/app/api/block/viewed/route";
import { POST as documentsPost } from "@/app/api/document/block/route";
import {
  blockSyncAnswer,
  toCategorizeAnswer,
  type BlockSyncAnswer,
  type ToCategorizeAnswer,
} from "@/lib/contract/categorization";
import { type Block, pendencySchema } from "@/lib/contract/blocks";
import { CATEGORIZATION_AVATARS_MAX, PENDENCY_OBSERVATIONS_MAX } from "@/lib/constants";
import { currentYearMonth } from "@/lib/format/dates";
import { messages } from "@/lib/i18n/messages";
import { getDb, type Account, type Client } from "@/server/db/client";
import {
  createAccount,
  createAccountingOperator,
  createBlock,
  createClient,
  createClientOperator,
  createPendency,
  shareClient,
  type OperatorWithUser,
} from "../helpers/factories";
import { call } from "../helpers/http";
import { buildClientWorld, loginAll, worldLogins, type ClientWorld } from "./world";

const current = currentYearMonth();
const pad = (n: number) => String(n).padStart(2, "0");
const today = `${current.year}-${pad(current.month)}-01`;

let world: ClientWorld;
let account: Account;
let blockedA: OperatorWithUser;
const t = {} as Record<
  "ownerA" | "adminA" | "regularA" | "sharedA" | "outsiderA" | "ownerB" | "businessAlpha" | "blocked",
  string
>;
type Who = keyof typeof t;

beforeAll(async () => {
  world = await buildClientWorld();
  blockedA = await createAccountingOperator({ office: world.officeA, type: 2 });
  await shareClient({ client: world.alpha, operator: blockedA });
  account = await createAccount({ office: world.officeA, yearOfExercise: current.year });
  Object.assign(
    t,
    await worldLogins(world, {
      blocked: blockedA,
      businessAlpha: await createClientOperator({ client: world.alpha, type: 0 }),
    }),
  );
  await getDb().accountingOperator.update({ where: { id: blockedA.id }, data: { blocked: true } });
}, 120_000); // nine logins (scrypt) on a shared machine

afterEach(async () => {
  await getDb().contabilizationLease.deleteMany({});
  await getDb().presence.deleteMany({});
});

/** A client of office A of its own (regularA responsible, sharedA shared), so each test owns its queue. */
async function freshClient(): Promise<Client> {
  const client = await createClient({ office: world.officeA, responsible: world.regularA });
  await shareClient({ client, operator: world.sharedA });
  return client;
}
const hours = (n: number) => new Date(Date.now() - n * 3_600_000);
const uncat = (client: Client, sentHoursAgo: number) =>
  createBlock({ client, state: "uncategorized", sentAt: hours(sentHoursAgo) });

const toCategorize = (who: Who, body: unknown) => call<ToCategorizeAnswer>(toCategorizePost, { token: t[who], body });
async function next(who: Who, client: Client): Promise<ToCategorizeAnswer> {
  const res = await toCategorize(who, { clientId: client.id });
  expect(res.status).toBe(200);
  return toCategorizeAnswer.parse(res.json.data);
}
const saveBody = (block: { id: number; version: number }, value = "10.5") => ({
  block: { id: block.id, date: today, value, accountId: account.id },
  version: block.version,
});
async function sync(who: Who, client: Client): Promise<BlockSyncAnswer> {
  const res = await call<BlockSyncAnswer>(syncPost, { token: t[who], body: { clientId: client.id } });
  expect(res.status).toBe(200);
  return blockSyncAnswer.parse(res.json.data);
}
const claimOf = async (blockId: number) =>
  getDb().block.findUniqueOrThrow({ where: { id: blockId }, select: { claimedById: true, claimedUntil: true } });

describe("POST /api/block/tocategorize", () => {
  test("the queue: oldest sent first, block and next, the count; categorised, contabilised, devolved, undone and open-pendency blocks left out", async () => {
    const client = await freshClient();
    const oldest = await uncat(client, 50);
    const second = await uncat(client, 40);
    const third = await uncat(client, 30);
    await createBlock({ client, state: "categorized", account, sentAt: hours(60) });
    await createBlock({ client, state: "contabilized", account, sentAt: hours(61) });
    await createBlock({ client, state: "devolved", sentAt: hours(62) });
    await createBlock({ client, state: "pendency", sentAt: hours(63) });
    const undone = await uncat(client, 64);
    await getDb().block.update({ where: { id: undone.id }, data: { undoneAt: new Date() } });

    const answer = await next("regularA", client);
    expect(answer.block?.id).toBe(oldest.id);
    expect(answer.next?.id).toBe(second.id);
    expect(answer.uncategorizedCount).toBe(3);
    expect(answer.block).toMatchObject({
      date: null,
      value: null,
      accountId: null,
      hasPendency: false,
      suggestion: null,
    });
    expect(answer.block?.documentsUrl[0]).toMatch(/^\/api\/files\/.+\?exp=\d+&sig=/);
    // Both are claimed for the caller; the third is free.
    expect((await claimOf(oldest.id)).claimedById).toBe(world.regularA.id);
    expect((await claimOf(second.id)).claimedById).toBe(world.regularA.id);
    expect((await claimOf(third.id)).claimedById).toBeNull();
    // Asking again answers the same two (the caller's own claims first).
    const again = await next("regularA", client);
    expect([again.block?.id, again.next?.id]).toEqual([oldest.id, second.id]);
  });

  test("a solved pendency brings the block back with the office's suggestion; an open one takes it out", async () => {
    const client = await freshClient();
    const back = await uncat(client, 10);
    await createPendency({ block: back, solvedAt: new Date() });
    await getDb().block.update({
      where: { id: back.id },
      data: {
        suggestedAccountId: account.id,
        suggestedPaymentDate: new Date(`${today}T00:00:00.000Z`),
        suggestedValueCents: BigInt(12_345),
      },
    });
    const pending = await uncat(client, 20);
    await createPendency({ block: pending });
    const answer = await next("regularA", client);
    expect(answer.block?.id).toBe(back.id);
    expect(answer.block?.suggestion).toEqual({ accountId: account.id, date: today, value: "123.45" });
    expect(answer.next).toBeNull();
    expect(answer.uncategorizedCount).toBe(1);
  });

  test("the empty queue: null block and next, count 0", async () => {
    const client = await freshClient();
    expect(await next("regularA", client)).toEqual({ block: null, next: null, uncategorizedCount: 0, heldBy: [] });
    expect(messages.categorization.empty).toBe("Não há blocos disponíveis para serem categorizados.");
  });

  test("two operators on one client never get the same block, even asking at the same instant", async () => {
    const client = await freshClient();
    const blocks = await Promise.all([50, 40, 30, 20].map((h) => uncat(client, h)));
    const [a, b] = await Promise.all([next("regularA", client), next("sharedA", client)]);
    const mine = [a.block?.id, a.next?.id];
    const theirs = [b.block?.id, b.next?.id];
    expect(mine.every((id) => id !== undefined)).toBe(true);
    expect(theirs.every((id) => id !== undefined)).toBe(true);
    expect(new Set([...mine, ...theirs]).size).toBe(4);
    expect(new Set([...mine, ...theirs])).toEqual(new Set(blocks.map((block) => block.id)));
  });

  test("with two blocks, a second operator gets none; once the first one's claim expires it gets them", async () => {
    const client = await freshClient();
    const first = await uncat(client, 50);
    const second = await uncat(client, 40);
    await next("regularA", client);
    const other = await next("sharedA", client);
    expect(other).toMatchObject({
      block: null,
      next: null,
      uncategorizedCount: 2,
      heldBy: [{ name: world.regularA.user.name }],
    });
    await getDb().block.updateMany({
      where: { id: { in: [first.id, second.id] } },
      data: { claimedUntil: new Date(Date.now() - 1) },
    });
    const after = await next("sharedA", client);
    expect([after.block?.id, after.next?.id]).toEqual([first.id, second.id]);
  });

  test("one count: the Categorizar badge, the client card and the screen agree, blocks of every state", async () => {
    const client = await freshClient();
    await uncat(client, 50);
    await uncat(client, 40);
    await createBlock({ client, state: "categorized", account, sentAt: hours(60) });
    await createBlock({ client, state: "contabilized", account, sentAt: hours(61) });
    await createBlock({ client, state: "devolved", sentAt: hours(62) });
    for (const h of [63, 64, 65]) await createBlock({ client, state: "pendency", sentAt: hours(h) });
    const solved = await uncat(client, 66);
    await createPendency({ block: solved, solvedAt: new Date() });
    const categorizedPending = await createBlock({ client, state: "categorized", account, sentAt: hours(67) });
    await createPendency({ block: categorizedPending });

    const badge = await call<ClientBlocksAnswer>(blockListPost, {
      token: t.regularA,
      body: { clientId: client.id, year: current.year, month: current.month },
    });
    expect(badge.status).toBe(200);
    const counts = clientBlocksAnswer.parse(badge.json.data);
    const screen = await next("regularA", client);
    expect(screen.uncategorizedCount).toBe(3);
    expect(counts.uncategorizedCount).toBe(screen.uncategorizedCount);
    expect((await sync("regularA", client)).uncategorizedCount).toBe(screen.uncategorizedCount);
    // Contabilizar counts the categorised blocks not waiting on a pendency.
    expect(counts.uncontabilizedCount).toBe(1);
    const cards = await call<{ id: number; hasUncategorizedBlocks: boolean }[]>(clientsGet, { token: t.regularA });
    expect(cards.json.data?.find((card) => card.id === client.id)?.hasUncategorizedBlocks).toBe(true);
  });

  test("the only block left claimed by a colleague: the second operator hears who holds it, avatars included", async () => {
    const client = await freshClient();
    const only = await uncat(client, 50);
    const first = await next("regularA", client);
    expect(first.block?.id).toBe(only.id);
    expect(first.heldBy).toEqual([]);
    const second = await next("sharedA", client);
    expect(second.block).toBeNull();
    expect(second.uncategorizedCount).toBe(1);
    expect(second.heldBy).toEqual([{ name: world.regularA.user.name, pictureUrl: null }]);
    // Once the claim lapses the block is the second operator's, and nobody holds anything else.
    await getDb().block.update({ where: { id: only.id }, data: { claimedUntil: new Date(Date.now() - 1) } });
    const after = await next("sharedA", client);
    expect(after.block?.id).toBe(only.id);
    expect(after.heldBy).toEqual([]);
  });

  test("another operator holding the contabilization lease: 409 with the busy message; no presence left behind", async () => {
    const client = await freshClient();
    await uncat(client, 5);
    await getDb().contabilizationLease.create({
      data: { clientId: client.id, operatorId: world.sharedA.id, expiresAt: new Date(Date.now() + 60_000) },
    });
    const res = await toCategorize("regularA", { clientId: client.id });
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toBe(messages.blocks.busy(world.sharedA.user.name));
    expect(await getDb().presence.count({ where: { clientId: client.id, userId: world.regularA.userId } })).toBe(0);
    // The lease holder itself categorises.
    expect((await toCategorize("sharedA", { clientId: client.id })).status).toBe(200);
  });

  test("colleagues categorising side by side are not busy for each other", async () => {
    const client = await freshClient();
    await Promise.all([50, 40, 30].map((h) => uncat(client, h)));
    const a = await next("regularA", client);
    const b = await next("sharedA", client);
    expect(b.block?.id).toBeDefined();
    // Each saves its block.
    expect((await call(savePost, { token: t.regularA, body: saveBody(a.block as Block) })).status).toBe(200);
    expect((await call(savePost, { token: t.sharedA, body: saveBody(b.block as Block) })).status).toBe(200);
  });

  test.each([
    ["ownerA", 200],
    ["adminA", 404],
    ["regularA", 200],
    ["sharedA", 200],
    ["outsiderA", 404],
    ["ownerB", 404],
    ["businessAlpha", 403],
    ["blocked", 401],
  ] as const)("%s asks for alpha's next block → %i", async (who, status) => {
    expect((await toCategorize(who, { clientId: world.alpha.id })).status).toBe(status);
  });

  test.each([
    ["no clientId", {}],
    ["clientId 0", { clientId: 0 }],
    ["clientId text", { clientId: "1" }],
    ["clientId 2^31", { clientId: 2 ** 31 }],
  ])("%s → 400", async (_name, body) => {
    const res = await toCategorize("regularA", body);
    expect(res.status).toBe(400);
    expect(res.json.error?.fields?.[0]?.path).toBe("clientId");
  });
});

describe("POST /api/block/save in the loop", () => {
  test("saving releases the claim; the next call answers the prefetched block first, then a new next", async () => {
    const client = await freshClient();
    const [a, b, c] = await Promise.all([50, 40, 30].map((h) => uncat(client, h)));
    const first = await next("regularA", client);
    expect([first.block?.id, first.next?.id]).toEqual([a.id, b.id]);
    const saved = await call<Block>(savePost, { token: t.regularA, body: saveBody(first.block as Block) });
    expect(saved.status).toBe(200);
    expect(await claimOf(a.id)).toEqual({ claimedById: null, claimedUntil: null });
    const second = await next("regularA", client);
    expect([second.block?.id, second.next?.id]).toEqual([b.id, c.id]);
    expect(second.uncategorizedCount).toBe(2);
  });

  test("two operators saving the same block: one wins, the other gets 409 with the stale message and the fresh block", async () => {
    const client = await freshClient();
    const block = await uncat(client, 5);
    await next("regularA", client);
    await next("sharedA", client); // a presence for sharedA too: side by side
    const results = await Promise.all([
      call<Block>(savePost, { token: t.regularA, body: saveBody(block, "1") }),
      call<Block>(savePost, { token: t.sharedA, body: saveBody(block, "2") }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    const winner = results.find((r) => r.status === 200)!;
    expect(loser.json.error?.message).toBe(messages.blocks.stale);
    const fresh = (loser.json.error as { details?: { block?: Block } }).details?.block;
    expect(fresh).toMatchObject({ id: block.id, version: 1, value: winner.json.data?.value, accountId: account.id });
  });
});

describe("POST /api/pendency/create", () => {
  const create = (who: Who, body: unknown) => call(pendencyCreatePost, { token: t[who], body });

  test("creates the pendency (queued now), releases the claim, bumps the version, moves modifiedAt, audits; the block leaves the queue", async () => {
    const client = await freshClient();
    const [a, b] = await Promise.all([50, 40].map((h) => uncat(client, h)));
    const before = await getDb().client.findUniqueOrThrow({ where: { id: client.id }, select: { modifiedAt: true } });
    const first = await next("regularA", client);
    expect(first.block?.id).toBe(a.id);
    const res = await create("regularA", {
      blockId: a.id,
      issue: 2,
      observations: "  Falta a segunda página\nda nota  ",
    });
    expect(res.status).toBe(200);
    const pendency = pendencySchema.parse(res.json.data);
    expect(pendency).toMatchObject({
      blockId: a.id,
      issue: 2,
      observations: "Falta a segunda página\nda nota",
      solvedDatetime: null,
    });
    expect(pendency.documentsUrl).toHaveLength(1);
    const row = await getDb().pendency.findUniqueOrThrow({ where: { id: pendency.id } });
    expect(row.createdById).toBe(world.regularA.id);
    expect(row.queuedAt.getTime()).toBe(row.createdAt.getTime());
    const blockRow = await getDb().block.findUniqueOrThrow({ where: { id: a.id } });
    expect(blockRow).toMatchObject({ claimedById: null, claimedUntil: null, version: 1 });
    const after = await getDb().client.findUniqueOrThrow({ where: { id: client.id }, select: { modifiedAt: true } });
    expect(after.modifiedAt.getTime()).toBeGreaterThan(before.modifiedAt.getTime());
    expect(await getDb().auditEvent.count({ where: { action: "pendency.create", targetId: String(a.id) } })).toBe(1);
    const again = await next("regularA", client);
    expect([again.block?.id, again.next, again.uncategorizedCount]).toEqual([b.id, null, 1]);
  });

  // Claims left by the file's earlier calls would be the callers' latest answers.
  const releaseClaims = () =>
    getDb().block.updateMany({
      where: { claimedById: { in: [world.regularA.id, world.sharedA.id, world.ownerB.id] } },
      data: { claimedById: null, claimedUntil: null },
    });

  test("the spec's body {issue, observations}: the `block` (not the `next`) of the caller's latest tocategorize", async () => {
    const client = await freshClient();
    await releaseClaims();
    const [a, b] = await Promise.all([30, 20].map((h) => uncat(client, h)));
    const shown = await next("regularA", client);
    expect([shown.block?.id, shown.next?.id]).toEqual([a.id, b.id]);
    // another office's caller and a caller who holds no claim: 404, nothing written
    for (const who of ["ownerB", "sharedA"] as const) {
      const refused = await create(who, { issue: 2, observations: "Falta a nota" });
      expect(refused.status).toBe(404);
      expect(refused.json.error?.message).toBe(messages.blocks.notFound);
    }
    const res = await create("regularA", { issue: 2, observations: "Falta a nota" });
    expect(res.status).toBe(200);
    const pendency = pendencySchema.parse(res.json.data);
    expect(pendency.blockId).toBe(a.id);
    // the same report sent again answers as the first; it never reports the `next`
    const again = await create("regularA", { issue: 2, observations: "Falta a nota" });
    expect(again.status).toBe(200);
    expect(pendencySchema.parse(again.json.data).id).toBe(pendency.id);
    expect(await getDb().pendency.count({ where: { blockId: { in: [a.id, b.id] } } })).toBe(1);
    expect((await create("regularA", { issue: 1, observations: "" })).status).toBe(409);
  });

  test("without blockId once the claim has lapsed: 404; validation as with blockId", async () => {
    const client = await freshClient();
    await releaseClaims();
    const a = await uncat(client, 10);
    expect((await next("regularA", client)).block?.id).toBe(a.id);
    const invalid = await create("regularA", { issue: 99, observations: "" });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error?.fields?.map((field) => field.path)).toContain("issue");
    await getDb().block.update({ where: { id: a.id }, data: { claimedUntil: new Date(Date.now() - 1000) } });
    const lapsed = await create("regularA", { issue: 2, observations: "Falta a nota" });
    expect(lapsed.status).toBe(404);
    expect(lapsed.json.error?.message).toBe(messages.blocks.notFound);
    expect(await getDb().pendency.count({ where: { blockId: a.id } })).toBe(0);
  });

  test("a categorised (not contabilised) block may be reported; a contabilised one is 409; a devolved one 404", async () => {
    const client = await freshClient();
    const cat = await createBlock({ client, state: "categorized", account });
    const contab = await createBlock({ client, state: "contabilized", account });
    const devolved = await createBlock({ client, state: "devolved" });
    expect((await create("regularA", { blockId: cat.id, issue: 0, observations: "" })).status).toBe(200);
    const refused = await create("regularA", { blockId: contab.id, issue: 0, observations: "" });
    expect(refused.status).toBe(409);
    expect(refused.json.error?.message).toBe(messages.blocks.contabilized);
    expect((await create("regularA", { blockId: devolved.id, issue: 0, observations: "" })).status).toBe(404);
  });

  test("a block with an open pendency: 409; two parallel reports: exactly one pendency", async () => {
    const client = await freshClient();
    const block = await uncat(client, 5);
    const results = await Promise.all([
      create("regularA", { blockId: block.id, issue: 1, observations: "a" }),
      create("sharedA", { blockId: block.id, issue: 0, observations: "b" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.json.error?.message).toBe(
      messages.categorization.pendencyAlreadyOpen,
    );
    expect(await getDb().pendency.count({ where: { blockId: block.id, solvedAt: null } })).toBe(1);
  });

  test("the same report by the same operator again, in sequence and at once (a double click): 200 with the same pendency, one pendency", async () => {
    const client = await freshClient();
    const [block, other] = await Promise.all([6, 7].map((h) => uncat(client, h)));
    const body = { blockId: block.id, issue: 1, observations: "Falta a nota" };
    const first = await create("regularA", body);
    const again = await create("regularA", body);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.json.data).toEqual(first.json.data);
    const doubled = await Promise.all([0, 1].map(() => create("regularA", { ...body, blockId: other.id })));
    expect(doubled.map((r) => r.status)).toEqual([200, 200]);
    expect(doubled[1].json.data).toEqual(doubled[0].json.data);
    for (const id of [block.id, other.id]) {
      expect(await getDb().pendency.count({ where: { blockId: id } })).toBe(1);
      expect(await getDb().auditEvent.count({ where: { action: "pendency.create", targetId: String(id) } })).toBe(1);
    }
    // Not a repeat: another operator, another report, or the caller's own report of minutes ago.
    expect((await create("sharedA", body)).json.error?.message).toBe(messages.categorization.pendencyAlreadyOpen);
    expect((await create("regularA", { ...body, issue: 0 })).json.error?.message).toBe(
      messages.categorization.pendencyAlreadyOpen,
    );
    await getDb().pendency.updateMany({
      where: { blockId: block.id },
      data: { createdAt: new Date(Date.now() - 3 * 60_000) },
    });
    expect((await create("regularA", body)).json.error?.message).toBe(messages.categorization.pendencyAlreadyOpen);
  });

  test("observations may be omitted (empty)", async () => {
    const client = await freshClient();
    const block = await uncat(client, 5);
    const res = await create("regularA", { blockId: block.id, issue: 0 });
    expect(res.status).toBe(200);
    expect((res.json.data as { observations: string }).observations).toBe("");
  });

  test("another operator contabilising the client: 409 with the busy message", async () => {
    const client = await freshClient();
    const block = await uncat(client, 5);
    await getDb().contabilizationLease.create({
      data: { clientId: client.id, operatorId: world.sharedA.id, expiresAt: new Date(Date.now() + 60_000) },
    });
    const res = await create("regularA", { blockId: block.id, issue: 0, observations: "" });
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toBe(messages.blocks.busy(world.sharedA.user.name));
  });

  test.each([
    ["issue 3", { issue: 3, observations: "" }, "issue", messages.categorization.invalidIssue],
    ["issue -1", { issue: -1, observations: "" }, "issue", messages.categorization.invalidIssue],
    ["issue 1.5", { issue: 1.5, observations: "" }, "issue", messages.categorization.invalidIssue],
    ["issue text", { issue: "1", observations: "" }, "issue", messages.categorization.invalidIssue],
    ["no issue", { observations: "" }, "issue", messages.categorization.invalidIssue],
    [
      "observations too long",
      { issue: 0, observations: "x".repeat(PENDENCY_OBSERVATIONS_MAX + 1) },
      "observations",
      messages.categorization.observationsTooLong(PENDENCY_OBSERVATIONS_MAX),
    ],
    ["observations with NUL", { issue: 0, observations: "a\u0000b" }, "observations", undefined],
    ["observations a number", { issue: 0, observations: 5 }, "observations", undefined],
  ])("%s → 400", async (_name, fields, path, message) => {
    const client = await freshClient();
    const block = await uncat(client, 5);
    const res = await create("regularA", { blockId: block.id, ...fields });
    expect(res.status).toBe(400);
    expect(res.json.error?.fields?.[0]?.path).toBe(path);
    if (message) expect(res.json.error?.fields?.[0]?.message).toBe(message);
    expect(await getDb().pendency.count({ where: { blockId: block.id } })).toBe(0);
  });

  test("exactly PENDENCY_OBSERVATIONS_MAX characters are kept", async () => {
    const client = await freshClient();
    const block = await uncat(client, 5);
    expect(
      (await create("regularA", { blockId: block.id, issue: 0, observations: "y".repeat(PENDENCY_OBSERVATIONS_MAX) }))
        .status,
    ).toBe(200);
  });

  test.each([
    ["ownerA", 200],
    ["adminA", 404],
    ["regularA", 200],
    ["sharedA", 200],
    ["outsiderA", 404],
    ["ownerB", 404],
    ["businessAlpha", 403],
    ["blocked", 401],
  ] as const)("%s reports a block of alpha → %i", async (who, status) => {
    const block = await createBlock({ client: world.alpha, state: "uncategorized" });
    expect((await create(who, { blockId: block.id, issue: 0, observations: "" })).status).toBe(status);
    expect(await getDb().pendency.count({ where: { blockId: block.id } })).toBe(status === 200 ? 1 : 0);
  });
});

describe("POST /api/operator/sync/block and unsync/block", () => {
  test("the caller first, then the others by recency; blocked and other offices' people never show; at most CATEGORIZATION_AVATARS_MAX", async () => {
    const client = await freshClient();
    await uncat(client, 5);
    const colleagues = await Promise.all(
      Array.from({ length: CATEGORIZATION_AVATARS_MAX + 1 }, (_, i) =>
        createAccountingOperator({ office: world.officeA, type: 2, user: { name: `Colega ${i}` } }),
      ),
    );
    for (const colleague of colleagues) await shareClient({ client, operator: colleague });
    const tokens = await loginAll(Object.fromEntries(colleagues.map((c, i) => [`c${i}`, c])));
    // Each colleague syncs in turn (later ones are more recent).
    for (const [i] of colleagues.entries()) {
      const res = await call(syncPost, { token: tokens[`c${i}`], body: { clientId: client.id } });
      expect(res.status).toBe(200);
    }
    // A blocked operator's stale presence row and another office's user never show.
    await getDb().user.update({ where: { id: blockedA.userId }, data: { name: "Bloqueado Silva" } });
    await getDb().user.update({ where: { id: world.ownerB.userId }, data: { name: "Outro Escritório" } });
    await getDb().user.update({ where: { id: world.regularA.userId }, data: { name: "Rita Responsável" } });
    await getDb().presence.create({ data: { userId: blockedA.userId, clientId: client.id, screen: "categorization" } });
    await getDb().presence.create({
      data: { userId: world.ownerB.userId, clientId: client.id, screen: "categorization" },
    });
    const answer = await sync("regularA", client);
    expect(answer.uncategorizedCount).toBe(1);
    expect(answer.operators).toHaveLength(CATEGORIZATION_AVATARS_MAX);
    expect(answer.operators[0].name).toBe("Rita Responsável");
    const expected = colleagues
      .slice()
      .reverse()
      .slice(0, CATEGORIZATION_AVATARS_MAX - 1)
      .map((c) => c.user.name);
    expect(answer.operators.slice(1).map((o) => o.name)).toEqual(expected);
    expect(answer.operators.map((o) => o.name)).not.toContain("Bloqueado Silva");
    expect(answer.operators.map((o) => o.name)).not.toContain("Outro Escritório");
  }, 120_000); // eight more logins

  test("sync renews the caller's claims; unsync deletes the presence and releases the claims at once", async () => {
    const client = await freshClient();
    const [a, b] = await Promise.all([50, 40].map((h) => uncat(client, h)));
    await next("regularA", client);
    await getDb().block.updateMany({
      where: { id: { in: [a.id, b.id] } },
      data: { claimedUntil: new Date(Date.now() + 1_000) },
    });
    await sync("regularA", client);
    expect((await claimOf(a.id)).claimedUntil!.getTime()).toBeGreaterThan(Date.now() + 5_000);
    // Another operator gets nothing while the claims hold…
    expect((await next("sharedA", client)).block).toBeNull();
    const res = await call(unsyncPost, { token: t.regularA, body: { clientId: client.id } });
    expect(res.status).toBe(200);
    expect(await getDb().presence.count({ where: { userId: world.regularA.userId, clientId: client.id } })).toBe(0);
    expect(await claimOf(a.id)).toEqual({ claimedById: null, claimedUntil: null });
    // …and both at once after the unsync.
    const theirs = await next("sharedA", client);
    expect([theirs.block?.id, theirs.next?.id]).toEqual([a.id, b.id]);
  });

  test("unsync without a client (GET, the spec's call without payload) releases every claim of the caller", async () => {
    const one = await freshClient();
    const two = await freshClient();
    const a = await uncat(one, 5);
    const b = await uncat(two, 5);
    await next("regularA", one);
    await next("regularA", two);
    expect((await call(unsyncGet, { token: t.regularA })).status).toBe(200);
    expect((await claimOf(a.id)).claimedById).toBeNull();
    expect((await claimOf(b.id)).claimedById).toBeNull();
    expect(await getDb().presence.count({ where: { userId: world.regularA.userId } })).toBe(0);
  });

  test("/api/client/busy reports another operator's categorization presence, never the caller's own", async () => {
    const client = await freshClient();
    await sync("sharedA", client);
    const res = await call<{ busy: { name: string } | null; contabilizing: unknown }>(busyPost, {
      token: t.regularA,
      body: { clientId: client.id },
    });
    expect(res.status).toBe(200);
    expect(res.json.data?.busy?.name).toBe(world.sharedA.user.name);
    expect(res.json.data?.contabilizing).toBeNull();
    const own = await call<{ busy: unknown }>(busyPost, { token: t.sharedA, body: { clientId: client.id } });
    expect(own.json.data?.busy).toBeNull();
  });

  test.each([
    ["ownerA", 200],
    ["adminA", 404],
    ["regularA", 200],
    ["sharedA", 200],
    ["outsiderA", 404],
    ["ownerB", 404],
    ["businessAlpha", 403],
    ["blocked", 401],
  ] as const)("%s syncs alpha → %i", async (who, status) => {
    expect((await call(syncPost, { token: t[who], body: { clientId: world.alpha.id } })).status).toBe(status);
  });

  test.each([
    ["regularA", 200],
    ["ownerB", 200], // its own rows only: nothing to find
    ["businessAlpha", 403],
    ["blocked", 401],
  ] as const)("%s unsyncs → %i", async (who, status) => {
    expect((await call(unsyncPost, { token: t[who], body: { clientId: world.alpha.id } })).status).toBe(status);
  });

  test("validation: sync needs a clientId (400); unsync's clientId must be an id", async () => {
    expect((await call(syncPost, { token: t.regularA, body: {} })).status).toBe(400);
    expect((await call(unsyncPost, { token: t.regularA, body: { clientId: "x" } })).status).toBe(400);
  });
});

describe("devolve in the loop", () => {
  test("devolve releases the claim; the block leaves the queue; its documents appear in the company's Devolvidos", async () => {
    const client = await freshClient();
    const business = await createClientOperator({ client, type: 0 });
    const [a, b] = await Promise.all(
      [50, 40].map((h) =>
        createBlock({ client, state: "uncategorized", sentAt: hours(h), sentBy: business, documents: 2 }),
      ),
    );
    const first = await next("regularA", client);
    expect(first.block?.id).toBe(a.id);
    const res = await call(devolvePost, { token: t.regularA, body: { blockId: a.id } });
    expect(res.status).toBe(200);
    expect(await claimOf(a.id)).toEqual({ claimedById: null, claimedUntil: null });
    const after = await next("regularA", client);
    expect([after.block?.id, after.next, after.uncategorizedCount]).toEqual([b.id, null, 1]);
    const { businessToken } = await loginAll({ businessToken: business });
    const devolved = await call<{ id: number }[]>(devolvedGet, { token: businessToken });
    expect(devolved.status).toBe(200);
    const documentIds = (await getDb().document.findMany({ where: { blockId: a.id }, select: { id: true } }))
      .map((d) => d.id)
      .sort();
    expect((devolved.json.data ?? []).map((d) => d.id).sort()).toEqual(documentIds);
  });
});

describe("viewed and document/block on the block on screen", () => {
  test("marking the block viewed keeps its claim; the next answer says viewed; document/block answers its version and no pendency", async () => {
    const client = await freshClient();
    const [a, b] = await Promise.all([50, 40].map((h) => uncat(client, h)));
    const first = await next("regularA", client);
    expect(first.block?.viewed).toBe(false);
    expect((await call(viewedPost, { token: t.regularA, body: { blockId: a.id } })).status).toBe(200);
    expect((await claimOf(a.id)).claimedById).toBe(world.regularA.id);
    const again = await next("regularA", client);
    expect([again.block?.id, again.block?.viewed, again.next?.id, again.next?.viewed]).toEqual([
      a.id,
      true,
      b.id,
      false,
    ]);
    const docs = await call<{ version: number; pendency: unknown; documentsUrl: string[] }>(documentsPost, {
      token: t.regularA,
      body: { blockId: a.id },
    });
    expect(docs.status).toBe(200);
    expect(docs.json.data).toMatchObject({ version: again.block?.version, pendency: null });
    expect(docs.json.data?.documentsUrl).toHaveLength(1);
    // After a report, document/block shows the pendency (the viewer's pendency mode).
    expect(
      (
        await call(pendencyCreatePost, {
          token: t.regularA,
          body: { blockId: a.id, issue: 1, observations: "Outra empresa" },
        })
      ).status,
    ).toBe(200);
    const reported = await call<{ pendency: { issue: number; observations: string } | null }>(documentsPost, {
      token: t.regularA,
      body: { blockId: a.id },
    });
    expect(reported.json.data?.pendency).toMatchObject({ issue: 1, observations: "Outra empresa" });
  });
});

describe("one operator's calls racing (opened and left at once)", () => {
  test("tocategorize, sync and unsync of one operator in parallel: never a deadlock or a 500", async () => {
    const client = await freshClient();
    for (let i = 0; i < 6; i += 1) await uncat(client, 10 + i);
    const body = { clientId: client.id };
    const calls = Array.from({ length: 8 }, () => [
      call(toCategorizePost, { token: t.regularA, body }),
      call(syncPost, { token: t.regularA, body }),
      call(unsyncPost, { token: t.regularA, body }),
    ]).flat();
    const answers = await Promise.all(calls);
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // and the queue is still whole: a fresh open claims the two oldest
    const opened = await next("regularA", client);
    expect(opened.uncategorizedCount).toBe(6);
    expect(opened.block).not.toBeNull();
  });
});
