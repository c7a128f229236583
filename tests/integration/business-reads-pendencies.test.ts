// The business pendency queue: POST /api/pendency/tosolve (the head, Proximo moving a
// pendency to the end for everyone) and the pendency screen's presence, POST /api/operator/sync/pendency
// and /api/operator/unsync/pendency — shapes, order, validation and the permission matrix.
import { GET as tosolveGet, POST as tosolvePost } from "@/app/api/pendency/tosolve/route";
import { GET as syncGet, POST as syncPost } from "@/app/api/operator/sync/pendency/route";
import { GET as unsyncGet, POST as unsyncPost } from "@/app/api/operator/unsync/pendency/route";
import {
  pendencySyncAnswer,
  pendencyToSolveAnswer,
  type PendencySyncAnswer,
  type PendencyToSolveAnswer,
} from "@/lib/contract/business";
import { PRESENCE_FRESH_MS } from "@/lib/constants";
import { messages } from "@/lib/i18n/messages";
import { getDb, type Client, type Pendency } from "@/server/db/client";
import {
  createBlock,
  createClient,
  createClientOperator,
  createPendency,
  type ClientOperatorWithUser,
  type CreatedBlock,
} from "../helpers/factories";
import { call } from "../helpers/http";
import { buildClientWorld, worldLogins, type ClientWorld } from "./world";

const SIGNED = /^\/api\/files\/.+\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/;
const HOUR = 3_600_000;

let world: ClientWorld;
let alpha: Client;
let beta: Client;
const op = {} as Record<"owner" | "admin" | "regular" | "blocked" | "betaOwner" | "gammaOwner", ClientOperatorWithUser>;
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
  | "betaOwner"
  | "gammaOwner",
  string
>;
const p = {} as Record<"first" | "second" | "third" | "solved" | "onDevolved" | "onUndone" | "beta", Pendency>;
let firstBlock: CreatedBlock;

const queue = ["first", "second", "third"] as const;
/** Puts the open queue back in its initial order: first, second, third. */
async function resetQueue() {
  const base = Date.now() - 10 * HOUR;
  for (const [i, name] of queue.entries()) {
    await getDb().pendency.update({ where: { id: p[name].id }, data: { queuedAt: new Date(base + i * HOUR) } });
  }
}

beforeAll(async () => {
  world = await buildClientWorld({ names: { regularA: "Rita Responsável" } });
  alpha = world.alpha;
  beta = await createClient({ office: world.officeA, responsible: world.regularA });
  const gamma = await createClient({ responsible: world.ownerB });
  op.owner = await createClientOperator({ client: alpha, type: 0, user: { name: "Olga Dona" } });
  op.admin = await createClientOperator({ client: alpha, type: 1, user: { name: "Adão Admin" } });
  op.regular = await createClientOperator({ client: alpha, type: 2, user: { name: "Regina Regular" } });
  op.blocked = await createClientOperator({ client: alpha, type: 2, blocked: true, user: { name: "Bruno Bloqueado" } });
  op.betaOwner = await createClientOperator({ client: beta, type: 0 });
  op.gammaOwner = await createClientOperator({ client: gamma, type: 0 });
  await getDb().user.update({ where: { id: world.regularA.userId }, data: { pictureKey: "avatars/rita.webp" } });
  await getDb().user.update({ where: { id: op.admin.userId }, data: { pictureKey: "avatars/adao.webp" } });

  const base = Date.now() - 20 * HOUR;
  const pending = async (client: Client, at: number, over: Parameters<typeof createBlock>[0] = {}) => {
    const block = await createBlock({
      client,
      state: "pendency",
      operator: world.regularA,
      sentAt: new Date(at - HOUR),
      reportedAt: new Date(at),
      ...over,
    });
    return block;
  };
  firstBlock = await pending(alpha, base, { documents: 2, issue: 2, observations: "Falta a nota" });
  p.first = firstBlock.pendencies[0];
  p.second = (await pending(alpha, base + HOUR, { issue: 0 })).pendencies[0];
  // Its reporter left the office (created_by_id is set null when an operator is removed).
  await getDb().pendency.update({ where: { id: p.second.id }, data: { createdById: null } });
  p.third = (await pending(alpha, base + 2 * HOUR)).pendencies[0];
  // Not in the queue: solved, on a devolved block, on an undone send.
  p.solved = await createPendency({ block: firstBlock, createdAt: new Date(base - HOUR), solvedAt: new Date(base) });
  const devolved = await createBlock({ client: alpha, state: "devolved", operator: world.regularA });
  p.onDevolved = await createPendency({ block: devolved, createdAt: new Date(base - 2 * HOUR) });
  const undone = await createBlock({ client: alpha, state: "uncategorized" });
  await getDb().block.update({ where: { id: undone.id }, data: { undoneAt: new Date() } });
  p.onUndone = await createPendency({ block: undone, createdAt: new Date(base - 3 * HOUR) });
  p.beta = (await pending(beta, base - 5 * HOUR)).pendencies[0];

  Object.assign(
    t,
    await worldLogins(world, {
      owner: op.owner,
      admin: op.admin,
      regular: op.regular,
      betaOwner: op.betaOwner,
      gammaOwner: op.gammaOwner,
    }),
  );
});

type Who = keyof typeof t;
const accountingPeople = ["ownerA", "adminA", "regularA", "sharedA", "outsiderA", "ownerB"] as const;

describe("POST /api/pendency/tosolve", () => {
  beforeEach(resetQueue);

  const tosolve = async (who: Who, body: object = {}): Promise<PendencyToSolveAnswer> => {
    const res = await call<PendencyToSolveAnswer>(tosolvePost, { token: t[who], body });
    expect(res.status).toBe(200);
    return pendencyToSolveAnswer.parse(res.json.data);
  };
  const head = async (who: Who = "owner", body: object = {}) => (await tosolve(who, body)).pendency?.id;

  test("the head of the company's queue: its block's documents, who reported it and the open count", async () => {
    const answer = await tosolve("regular");
    expect(answer.pendencyNumber).toBe(3);
    expect(answer.pendency).toEqual({
      id: p.first.id,
      blockId: firstBlock.id,
      date: p.first.createdAt.toISOString(),
      issue: 2,
      observations: "Falta a nota",
      documentsUrl: [expect.stringMatching(SIGNED), expect.stringMatching(SIGNED)],
      documents: firstBlock.documents.map((d) => ({
        id: d.id,
        url: expect.stringMatching(SIGNED),
        thumbnailUrl: expect.stringMatching(SIGNED),
      })),
      createdBy: { name: "Rita Responsável", pictureUrl: expect.stringMatching(SIGNED) },
    });
    expect(answer.pendency?.documents.map((d) => d.url)).toEqual(answer.pendency?.documentsUrl);
  });

  test("every operator of the company sees the same head", async () => {
    for (const who of ["owner", "admin", "regular"] as const) expect(await head(who)).toBe(p.first.id);
  });

  test("Proximo with the pendency on screen moves it to the end, for everyone", async () => {
    const answer = await tosolve("owner", { next: true, pendencyId: p.first.id });
    expect(answer.pendency?.id).toBe(p.second.id);
    expect(answer.pendencyNumber).toBe(3);
    expect(await head("admin")).toBe(p.second.id);
    expect(await head("regular", { next: true, pendencyId: p.second.id })).toBe(p.third.id);
    expect(await head("owner", { next: true, pendencyId: p.third.id })).toBe(p.first.id);
  });

  test("a pendency no longer at the head still moves to the end (two people pressed Proximo on it)", async () => {
    await tosolve("owner", { next: true, pendencyId: p.first.id });
    // The admin still had `first` on screen: it moves again, to the end; the head stays `second`.
    expect(await head("admin", { next: true, pendencyId: p.first.id })).toBe(p.second.id);
    // `third` moved while not at the head: second stays first, then first, then third.
    expect(await head("regular", { next: true, pendencyId: p.third.id })).toBe(p.second.id);
    expect(await head("owner", { next: true, pendencyId: p.second.id })).toBe(p.first.id);
    expect(await head("owner", { next: true, pendencyId: p.first.id })).toBe(p.third.id);
  });

  test("the spec's bare {next: true} moves the current head", async () => {
    expect(await head("owner", { next: true })).toBe(p.second.id);
    expect(await head("owner", { next: true })).toBe(p.third.id);
  });

  test("a solved, queued-out, unknown or other company's pendency is ignored", async () => {
    for (const id of [p.solved.id, p.onDevolved.id, p.onUndone.id, p.beta.id, 2_000_000_000]) {
      expect(await head("owner", { next: true, pendencyId: id })).toBe(p.first.id);
    }
    const before = await getDb().pendency.findUniqueOrThrow({ where: { id: p.beta.id } });
    expect(before.queuedAt).toEqual(p.beta.queuedAt);
    expect(await head("betaOwner")).toBe(p.beta.id);
  });

  test("pendencyId without next only reads", async () => {
    expect(await head("owner", { pendencyId: p.first.id })).toBe(p.first.id);
    expect(await head("owner", { next: false, pendencyId: p.first.id })).toBe(p.first.id);
  });

  test("a pendency reported by nobody left (operator removed): createdBy null", async () => {
    await tosolve("owner", { next: true, pendencyId: p.first.id });
    expect((await tosolve("owner")).pendency).toMatchObject({ id: p.second.id, createdBy: null });
  });

  test("nothing waits: {pendency: null, pendencyNumber: 0}", async () => {
    expect(await tosolve("gammaOwner")).toEqual({ pendency: null, pendencyNumber: 0, queue: [] });
    expect(await tosolve("gammaOwner", { next: true })).toEqual({ pendency: null, pendencyNumber: 0, queue: [] });
  });

  test("queue lists every open pendency (id, date, issue) in queue order; open shows the one chosen", async () => {
    const answer = await tosolve("owner");
    expect(answer.queue).toEqual(
      queue.map((name) => ({ id: p[name].id, date: p[name].createdAt.toISOString(), issue: p[name].issue })),
    );
    expect(answer.pendency?.id).toBe(p.first.id);
    const chosen = await tosolve("owner", { open: p.third.id });
    expect(chosen.pendency).toMatchObject({ id: p.third.id, issue: p.third.issue });
    expect(chosen.queue).toEqual(answer.queue); // choosing moves nothing
    // Not open for this company (solved, another company's): the head.
    expect(await head("owner", { open: p.solved.id })).toBe(p.first.id);
    expect(await head("owner", { open: p.beta.id })).toBe(p.first.id);
  });

  test.each([
    ["pendencyId 0", { pendencyId: 0 }, "pendencyId"],
    ["pendencyId a string", { pendencyId: "1" }, "pendencyId"],
    ["pendencyId 2^31", { pendencyId: 2 ** 31 }, "pendencyId"],
    ["next a string", { next: "yes" }, "next"],
    ["open 0", { open: 0 }, "open"],
  ])("%s → 400", async (_label, body, path) => {
    const res = await call(tosolvePost, { token: t.owner, body });
    expect(res.status).toBe(400);
    expect(res.json.error?.fields?.map((f) => f.path)).toEqual([path]);
  });

  test("GET is the call without payload (spec §7): the head, as POST {}; accounting 403; anonymous 401", async () => {
    const get = await call<PendencyToSolveAnswer>(tosolveGet, { token: t.regular });
    expect(get.status).toBe(200);
    expect(pendencyToSolveAnswer.parse(get.json.data)).toEqual(await tosolve("regular"));
    expect(get.json.data?.pendency?.id).toBe(p.first.id);
    expect((await call(tosolvePost, { token: t.regular, method: "POST" })).status).toBe(200);
    expect((await call(tosolveGet, { token: t[accountingPeople[0]] })).status).toBe(403);
    expect((await call(tosolveGet, {})).status).toBe(401);
  });

  test("accounting → 403 (and moves nothing); anonymous → 401", async () => {
    for (const who of accountingPeople) {
      const res = await call(tosolvePost, { token: t[who], body: { next: true, pendencyId: p.first.id } });
      expect(res.status).toBe(403);
      expect(res.json.error?.message).toBe(messages.business.api.clientOnly);
    }
    expect(await head("owner")).toBe(p.first.id);
    expect((await call(tosolvePost, { body: {} })).status).toBe(401);
  });
});

describe("POST /api/operator/sync/pendency and unsync", () => {
  beforeEach(() => getDb().presence.deleteMany({}));

  const sync = async (who: Who, handler = syncPost): Promise<PendencySyncAnswer> => {
    const res = await call<PendencySyncAnswer>(handler, {
      token: t[who],
      ...(handler === syncPost ? { body: {} } : {}),
    });
    expect(res.status).toBe(200);
    return pendencySyncAnswer.parse(res.json.data);
  };
  const presence = (userId: number, clientId: number, seenAt = new Date(), screen = "pendency") =>
    getDb().presence.create({ data: { userId, clientId, screen, seenAt } });

  test("records the caller on the screen and answers the open count and who is there, the caller first", async () => {
    expect(await sync("owner")).toEqual({ pendencyNumber: 3, operators: [{ name: "Olga Dona", pictureUrl: null }] });
    const row = await getDb().presence.findFirstOrThrow({ where: { userId: op.owner.userId } });
    expect(row).toMatchObject({ clientId: alpha.id, screen: "pendency" });
    const admin = await sync("admin");
    expect(admin.operators).toEqual([
      { name: "Adão Admin", pictureUrl: expect.stringMatching(SIGNED) },
      { name: "Olga Dona", pictureUrl: null },
    ]);
    expect((await sync("owner")).operators.map((o) => o.name)).toEqual(["Olga Dona", "Adão Admin"]);
  });

  test("a heartbeat renews the caller's one row", async () => {
    await presence(op.owner.userId, alpha.id, new Date(Date.now() - 10 * PRESENCE_FRESH_MS));
    await sync("owner");
    await Promise.all([sync("owner"), sync("owner"), sync("owner")]);
    const rows = await getDb().presence.findMany({ where: { userId: op.owner.userId } });
    expect(rows).toHaveLength(1);
    expect(Date.now() - rows[0].seenAt.getTime()).toBeLessThan(PRESENCE_FRESH_MS);
  });

  test("stale presences, blocked operators, other screens, other companies and office people do not show", async () => {
    await presence(op.regular.userId, alpha.id, new Date(Date.now() - PRESENCE_FRESH_MS - 1_000)); // stale
    await presence(op.blocked.userId, alpha.id); // blocked
    await presence(op.admin.userId, alpha.id, new Date(), "categorization"); // another screen
    await presence(op.betaOwner.userId, beta.id); // another company
    await presence(world.ownerA.userId, alpha.id); // an accountant's row on the company
    expect((await sync("owner")).operators.map((o) => o.name)).toEqual(["Olga Dona"]);
    expect((await sync("betaOwner")).operators).toHaveLength(1);
  });

  test("unsync removes the caller's row at once; the others stop seeing it", async () => {
    await sync("owner");
    await sync("admin");
    const res = await call(unsyncPost, { token: t.owner, body: {} });
    expect(res).toMatchObject({ status: 200, json: { data: {} } });
    expect(await getDb().presence.count({ where: { userId: op.owner.userId } })).toBe(0);
    expect((await sync("admin")).operators.map((o) => o.name)).toEqual(["Adão Admin"]);
    // A second unsync is harmless.
    expect((await call(unsyncPost, { token: t.owner, body: {} })).status).toBe(200);
  });

  test("GET works like POST (spec §7: a call without payload is a GET)", async () => {
    expect((await sync("regular", syncGet)).operators.map((o) => o.name)).toEqual(["Regina Regular"]);
    expect((await call(unsyncGet, { token: t.regular })).status).toBe(200);
    expect(await getDb().presence.count({ where: { userId: op.regular.userId } })).toBe(0);
  });

  test("the open count follows the queue", async () => {
    expect((await sync("betaOwner")).pendencyNumber).toBe(1);
    expect((await sync("gammaOwner")).pendencyNumber).toBe(0);
  });

  test("accounting → 403 and no row; anonymous → 401", async () => {
    for (const who of accountingPeople) {
      expect((await call(syncPost, { token: t[who], body: {} })).status).toBe(403);
      expect((await call(unsyncPost, { token: t[who], body: {} })).status).toBe(403);
    }
    expect(await getDb().presence.count()).toBe(0);
    expect((await call(syncPost, { body: {} })).status).toBe(401);
    expect((await call(unsyncPost, { body: {} })).status).toBe(401);
  });
});
