import { isValidCnpj, isValidCpf } from "@/lib/validation";
import { verifyPassword } from "@/server/auth/passwords";
import { getDb } from "@/server/db/client";
import { BLOCK_STATES } from "@/server/seed/blocks";
import { getBlobStore } from "@/server/storage";
import { seed } from "@/prisma/seed";

// The demo a new user logs in with (README, start script): the logins, the memberships, and a year of
// data in every state. One seed for the whole file; the assertions only read.
const db = () => getDb();
let seedMs = 0;

beforeAll(async () => {
  const started = Date.now();
  expect(await seed(db())).toBe(true);
  seedMs = Date.now() - started;
}, 120_000);

afterAll(async () => {
  // The blobs live in DATA_DIR, shared by test runs: leave no pictures behind.
  const documents = await db().document.findMany({ select: { displayKey: true, thumbKey: true } });
  const store = getBlobStore();
  await Promise.all(documents.flatMap((d) => [store.delete(d.displayKey), store.delete(d.thumbKey)]));
});

test("seeds within the time budget", () => {
  console.log(`seed took ${seedMs} ms`);
  expect(seedMs).toBeLessThan(60_000);
});

const logins = [
  { email: "dono@escritorio.demo", office: "Escritório Demo", type: 0, blocked: false },
  { email: "admin@escritorio.demo", office: "Escritório Demo", type: 1, blocked: false },
  { email: "operador@escritorio.demo", office: "Escritório Demo", type: 2, blocked: false },
  { email: "bloqueado@escritorio.demo", office: "Escritório Demo", type: 2, blocked: true },
  { email: "socio@empresa.demo", office: "Escritório Demo", type: 2, blocked: false },
  { email: "dono@outro.demo", office: "Contabilidade Outro", type: 0, blocked: false },
];

test.each(logins)("accounting login $email (type $type, blocked $blocked)", async ({ email, office, type, blocked }) => {
  const user = await db().user.findUniqueOrThrow({ where: { email }, include: { accountingOperator: { include: { office: true } } } });
  expect(user.accountingOperator).toMatchObject({ type, blocked });
  expect(user.accountingOperator?.office.name).toBe(office);
  expect(await verifyPassword("demo1234", user.passwordHash)).toBe(true);
});

test("cliente@empresa.demo owns the Padaria (business platform only)", async () => {
  const user = await db().user.findUniqueOrThrow({
    where: { email: "cliente@empresa.demo" },
    include: { accountingOperator: true, clientOperator: { include: { client: true } } },
  });
  expect(user.accountingOperator).toBeNull();
  expect(user.clientOperator).toMatchObject({ type: 0, blocked: false });
  expect(user.clientOperator?.client).toMatchObject({ name: "Padaria Pão Quente Ltda", type: "juridicPerson" });
  expect(await verifyPassword("demo1234", user.passwordHash)).toBe(true);
});

test("socio@empresa.demo is both an office operator and an admin of the same client's company", async () => {
  const user = await db().user.findUniqueOrThrow({
    where: { email: "socio@empresa.demo" },
    include: { accountingOperator: true, clientOperator: { include: { client: true } } },
  });
  expect(user.clientOperator?.type).toBe(1);
  expect(user.clientOperator?.client.name).toBe("Padaria Pão Quente Ltda");
  expect(user.clientOperator?.client.officeId).toBe(user.accountingOperator?.officeId);
});

test("clients: at least 8 in the demo office, both types, valid CNPJ/CPF, 2 in the other office", async () => {
  const clients = await db().client.findMany({ include: { office: true, shares: true } });
  const demo = clients.filter((c) => c.office.name === "Escritório Demo");
  expect(demo.length).toBeGreaterThanOrEqual(8);
  expect(clients.filter((c) => c.office.name === "Contabilidade Outro")).toHaveLength(2);
  expect(new Set(demo.map((c) => c.type))).toEqual(new Set(["juridicPerson", "individual"]));
  for (const c of clients) {
    expect(c.type === "juridicPerson" ? isValidCnpj(c.code) : isValidCpf(c.code)).toBe(true);
    expect(c).toMatchObject({ cep: expect.stringMatching(/^\d{8}$/), city: expect.any(String), state: expect.stringMatching(/^[A-Z]{2}$/) });
  }
  expect(demo.some((c) => c.shares.length > 0)).toBe(true);
  expect(new Set(demo.map((c) => c.responsibleOperatorId)).size).toBeGreaterThanOrEqual(3);
});

test("offices have a chart of 60+ accounts of the current year; clients 10-20 activations", async () => {
  const offices = await db().accountingOffice.findMany({ include: { accounts: true } });
  expect(offices).toHaveLength(2);
  for (const office of offices) {
    expect(office.accounts.length).toBeGreaterThanOrEqual(60);
    expect(office.accounts.map((a) => a.description)).toEqual(expect.arrayContaining(["Caixa Geral", "Energia Elétrica", "Aluguel"]));
  }
  const perClient = await db().clientAccount.groupBy({ by: ["clientId"], _count: true });
  for (const row of perClient) expect(row._count).toBeGreaterThanOrEqual(10);
  for (const row of perClient) expect(row._count).toBeLessThanOrEqual(20);
  expect(await db().clientAccount.count({ where: { activatedAt: { gt: new Date() } } })).toBe(0);
});

test("blocks exist in every state, each with 1-3 documents", async () => {
  const blocks = await db().block.findMany({ include: { _count: { select: { documents: true } }, pendencies: true } });
  const stateOf = (b: (typeof blocks)[number]) =>
    b.devolvedAt ? "devolved" : b.contabilizedAt ? "contabilized" : b.accountId ? "categorized" : b.pendencies.some((p) => !p.solvedAt) ? "pendency" : "uncategorized";
  expect(new Set(blocks.map(stateOf))).toEqual(new Set(BLOCK_STATES));
  for (const b of blocks) {
    expect(b._count.documents).toBeGreaterThanOrEqual(1);
    expect(b._count.documents).toBeLessThanOrEqual(3);
    expect(b.sentById).not.toBeNull();
  }
  const categorized = blocks.filter((b) => b.accountId);
  expect(categorized.every((b) => b.paymentDate && b.valueCents && b.categorizedById && b.categorizedAt)).toBe(true);
  const oldest = Math.min(...blocks.map((b) => b.sentAt.getTime()));
  expect(Date.now() - oldest).toBeGreaterThan(300 * 86_400_000);
  expect(Math.max(...blocks.map((b) => b.sentAt.getTime()))).toBeLessThanOrEqual(Date.now());
});

test("devolved blocks' documents are marked devolved; pendencies carry an issue", async () => {
  const devolved = await db().block.findMany({ where: { devolvedAt: { not: null } }, include: { documents: true } });
  expect(devolved.length).toBeGreaterThan(0);
  for (const b of devolved) for (const d of b.documents) expect(d.devolvedAt).toEqual(b.devolvedAt);
  const pendencies = await db().pendency.findMany();
  expect(pendencies.every((p) => [0, 1, 2].includes(p.issue))).toBe(true);
});

test("every document's pictures exist in the blob store, each document with its own keys", async () => {
  const documents = await db().document.findMany();
  expect(documents.length).toBeGreaterThan(0);
  expect(new Set(documents.map((d) => d.displayKey)).size).toBe(documents.length);
  const store = getBlobStore();
  const sample = documents.filter((_, i) => i % 7 === 0);
  for (const d of sample) {
    expect(d.displayKey).toMatch(new RegExp(`^clients/${d.clientId}/documents/[0-9a-f-]{36}/display\\.webp$`));
    expect(await store.exists(d.displayKey)).toBe(true);
    expect(await store.exists(d.thumbKey)).toBe(true);
  }
  const picture = await store.get(documents[0].displayKey);
  expect(picture?.contentType).toBe("image/webp");
  expect(picture?.body.length).toBe(documents[0].size);
});

test("pending invites of the three kinds", async () => {
  const invites = await db().invite.findMany({ where: { acceptedAt: null } });
  expect(new Set(invites.map((i) => i.kind))).toEqual(new Set(["accountingOperator", "client", "clientOperator"]));
});

test("a second seed refuses and creates nothing", async () => {
  const counts = async () => Promise.all([db().user.count(), db().block.count(), db().document.count(), db().account.count()]);
  const before = await counts();
  expect(await seed(db())).toBe(false);
  expect(await counts()).toEqual(before);
});
