// The client list of the accounting platform: GET/POST /api/clients and the busy poll
// POST /api/client/busy — card shapes and flags, validation, the permission matrix, and the query count.
import { POST as busyPost } from "@/app/api/client/busy/route";
import { GET as listGet, POST as cardPost } from "@/app/api/clients/route";
import type { ClientCard } from "@/lib/contract/clients";
import { POLL_INTERVAL_MS, PRESENCE_FRESH_MS } from "@/lib/constants";
import { getDb, type AccountingOffice, type Client } from "@/server/db/client";
import {
  createAccountingOperator,
  createBlock,
  createClient,
  createClientOperator,
  createOffice,
  createPendency,
  type OperatorWithUser,
} from "../helpers/factories";
import { captureStatements } from "../helpers/statements";
import { call } from "../helpers/http";
import { login } from "./operators-support";
import { buildClientWorld, worldLogins } from "./world";

let officeA: AccountingOffice;
let ownerA: OperatorWithUser;
let regularA: OperatorWithUser;
let sharedA: OperatorWithUser;
let alpha: Client; // responsible: regularA, shared with sharedA
let beta: Client; // responsible: ownerA
let gamma: Client; // office B
const t = {} as Record<"ownerA" | "regularA" | "sharedA" | "outsiderA" | "ownerB" | "business", string>;

beforeAll(async () => {
  const world = await buildClientWorld({
    sharedType: 1,
    alpha: { name: "Alfa Comércio Ltda", modifiedAt: new Date("2024-03-04T05:06:07.000Z") },
  });
  ({ officeA, ownerA, regularA, sharedA, alpha } = world);
  await getDb().user.update({ where: { id: regularA.userId }, data: { pictureKey: "avatars/regular-a.webp" } });
  beta = await createClient({ office: officeA, responsible: ownerA, name: "Beta Serviços Ltda" });
  gamma = await createClient({ responsible: world.ownerB, name: "Gama Outro Escritório" });
  await createBlock({ client: alpha, state: "uncategorized" });
  const categorized = await createBlock({ client: beta, state: "categorized" });
  await createPendency({ block: categorized });
  await createBlock({ client: beta, state: "devolved" }); // a devolved block without account is not "uncategorised"
  Object.assign(t, await worldLogins(world, { business: await createClientOperator({ client: alpha, type: 0 }) }));
});

afterEach(async () => {
  await getDb().contabilizationLease.deleteMany({});
  await getDb().presence.deleteMany({});
});

const list = async (token: string) => {
  const res = await call<ClientCard[]>(listGet, { token });
  expect(res.status).toBe(200);
  return res.json.data!;
};
const names = (cards: ClientCard[]) => cards.map((card) => card.name);
const lease = (client: Client, operator: OperatorWithUser, expiresAt = new Date(Date.now() + 60_000)) =>
  getDb().contabilizationLease.create({ data: { clientId: client.id, operatorId: operator.id, expiresAt } });
const presence = (client: Client, operator: OperatorWithUser, seenAt = new Date(), screen = "categorization") =>
  getDb().presence.create({ data: { clientId: client.id, userId: operator.userId, screen, seenAt } });

describe("GET /api/clients", () => {
  test("the card shape of spec §3, flags computed from the rows", async () => {
    const cards = await list(t.ownerA);
    expect(names(cards)).toEqual(["Alfa Comércio Ltda", "Beta Serviços Ltda"]);
    const [a, b] = cards;
    expect(a).toEqual({
      id: alpha.id,
      name: "Alfa Comércio Ltda",
      pictureUrl: null,
      isResponsable: false,
      isShared: true,
      isOwner: true,
      hasUncategorizedBlocks: true,
      hasPendencies: false,
      modifiedDatetime: "2024-03-04T05:06:07.000Z",
      operatorName: regularA.user.name,
      photoOperatorUrl: expect.stringMatching(/^\/api\/files\/avatars\/regular-a\.webp\?exp=\d+&sig=/),
      busy: null,
    });
    expect(b).toMatchObject({
      id: beta.id,
      isResponsable: true,
      isShared: false,
      hasUncategorizedBlocks: false,
      hasPendencies: true,
      operatorName: ownerA.user.name,
      photoOperatorUrl: null,
    });
  });

  test.each([
    ["ownerA", ["Alfa Comércio Ltda", "Beta Serviços Ltda"]],
    ["regularA", ["Alfa Comércio Ltda"]],
    ["sharedA", ["Alfa Comércio Ltda"]],
    ["outsiderA", []],
    ["ownerB", ["Gama Outro Escritório"]],
  ] as const)("%s sees %j", async (who, expected) => {
    expect(names(await list(t[who]))).toEqual(expected);
  });

  test("the responsible and a shared operator: isResponsable and isOwner from the caller", async () => {
    expect((await list(t.regularA))[0]).toMatchObject({ isResponsable: true, isOwner: false });
    expect((await list(t.sharedA))[0]).toMatchObject({ isResponsable: false, isOwner: false, isShared: true });
  });

  test("a business-only caller → 403; anonymous → 401", async () => {
    expect((await call(listGet, { token: t.business })).status).toBe(403);
    expect((await call(listGet)).status).toBe(401);
  });

  test("busy: another operator's unexpired lease, never the caller's own nor an expired one", async () => {
    await lease(alpha, sharedA);
    expect((await list(t.ownerA))[0].busy).toEqual({ name: sharedA.user.name, pictureUrl: null });
    expect((await list(t.sharedA))[0].busy).toBeNull(); // its own lease
    await getDb().contabilizationLease.update({
      where: { clientId: alpha.id },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    expect((await list(t.ownerA))[0].busy).toBeNull();
  });

  test("busy: another operator's fresh categorization presence; stale, other screens and the caller's own are not", async () => {
    await presence(alpha, regularA, new Date(Date.now() - PRESENCE_FRESH_MS - 1_000));
    await presence(alpha, sharedA, new Date(), "pendency");
    expect((await list(t.ownerA))[0].busy).toBeNull();
    await presence(alpha, sharedA, new Date(Date.now() - POLL_INTERVAL_MS));
    const busy = (await list(t.ownerA))[0].busy;
    expect(busy).toEqual({ name: sharedA.user.name, pictureUrl: null });
    expect((await list(t.sharedA))[0].busy).toBeNull();
  });

  // The list is two SQL statements whatever its length (the visible ids, then one statement for the
  // cards), plus the one of authentication. Counted at the pg driver, under the Prisma adapter.
  test("two queries for 1 and for 20 clients (plus authentication)", async () => {
    const office = await createOffice();
    const owner = await createAccountingOperator({ office, type: 0 });
    const token = await login(owner.user.email);
    const counted = async () => (await captureStatements(() => list(token))).statements.length;
    const first = await createClient({ office, responsible: owner });
    await createBlock({ client: first, state: "uncategorized" });
    const one = await counted();
    for (let i = 0; i < 19; i += 1) await createClient({ office, responsible: owner });
    expect((await list(token)).length).toBe(20);
    const twenty = await counted();
    expect(twenty).toBe(one);
    expect(one).toBeGreaterThan(0);
    expect(one).toBeLessThanOrEqual(3);
  });
});

describe("POST /api/clients {clientId}", () => {
  test.each([
    ["ownerA", "alpha", 200],
    ["ownerA", "beta", 200],
    ["regularA", "alpha", 200],
    ["regularA", "beta", 404],
    ["sharedA", "alpha", 200],
    ["outsiderA", "alpha", 404],
    ["ownerB", "alpha", 404],
    ["ownerB", "gamma", 200],
    ["business", "alpha", 403],
  ] as const)("%s asks %s → %i", async (who, which, status) => {
    const client = { alpha, beta, gamma }[which];
    const res = await call<ClientCard>(cardPost, { token: t[who], body: { clientId: client.id } });
    expect(res.status).toBe(status);
    if (status === 200) expect(res.json.data).toMatchObject({ id: client.id, name: client.name });
  });

  test("anonymous → 401", async () => {
    expect((await call(cardPost, { body: { clientId: alpha.id } })).status).toBe(401);
  });
});

describe.each([
  ["POST /api/clients", cardPost],
  ["POST /api/client/busy", busyPost],
])("%s validation", (_name, handler) => {
  test.each([
    ["0", { clientId: 0 }],
    ["2^31", { clientId: 2_147_483_648 }],
    ["a string", { clientId: "1" }],
    ["missing", {}],
  ])("clientId %s → 400 on clientId", async (_label, body) => {
    const res = await call(handler, { token: t.ownerA, body });
    expect(res.status).toBe(400);
    expect(res.json.error?.fields?.map((field) => field.path)).toContain("clientId");
  });
});

describe("POST /api/client/busy", () => {
  test("null when nobody else works the client; the other operator's name and picture otherwise", async () => {
    expect((await call(busyPost, { token: t.ownerA, body: { clientId: alpha.id } })).json.data).toEqual({
      busy: null,
      contabilizing: null,
    });
    await lease(alpha, regularA);
    const res = await call(busyPost, { token: t.ownerA, body: { clientId: alpha.id } });
    expect(res.status).toBe(200);
    const regularBusy = {
      name: regularA.user.name,
      pictureUrl: expect.stringMatching(/^\/api\/files\/avatars\/regular-a\.webp\?/),
    };
    expect(res.json.data).toEqual({ busy: regularBusy, contabilizing: regularBusy });
    expect((await call(busyPost, { token: t.regularA, body: { clientId: alpha.id } })).json.data).toEqual({
      busy: null,
      contabilizing: null,
    });
  });

  test.each([
    ["regularA", "beta", 404],
    ["ownerB", "alpha", 404],
    ["business", "alpha", 403],
  ] as const)("%s asks %s → %i", async (who, which, status) => {
    const client = { alpha, beta }[which];
    expect((await call(busyPost, { token: t[who], body: { clientId: client.id } })).status).toBe(status);
  });

  test("anonymous → 401", async () => {
    expect((await call(busyPost, { body: { clientId: alpha.id } })).status).toBe(401);
  });
});
