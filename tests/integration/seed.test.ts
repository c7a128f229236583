import { GET as clientsGet } from "@/app/api/clients/route";
import { POST as listPost } from "@/app/api/block/list/route";
import { POST as pendencyPost } from "@/app/api/pendency/list/route";
import {
  clientBlocksAnswer,
  pendencyListAnswer,
  UNCATEGORIZED_KEY,
  type Block,
  type ClientBlocksAnswer,
} from "@/lib/contract/blocks";
import type { ClientCard } from "@/lib/contract/clients";
import { currentYearMonth } from "@/lib/format/dates";
import { CONTABILIZATION_LEASE_MS } from "@/lib/constants";
import { isValidCnpj, isValidCpf } from "@/lib/validation";
import { verifyPassword } from "@/server/auth/passwords";
import { getDb } from "@/server/db/client";
import { BLOCK_STATES } from "@/server/seed/blocks";
import { getBlobStore } from "@/server/storage";
import { seed } from "@/prisma/seed";
import { parseAccessKey } from "@/lib/fiscal/access-key";
import { findingSchema } from "@/lib/fiscal/finding-schema";
import { findingCode } from "@/lib/fiscal/findings";
import { parsePaymentCode } from "@/lib/fiscal/payment-codes";
import {
  activateAccount,
  createAccount,
  createAccountingOperator,
  createBlock,
  createClient,
  createDocument,
  createInvite,
  createPendency,
  randomCnpj,
  randomCpf,
} from "@/tests/helpers/factories";
import { call } from "@/tests/helpers/http";
import { login } from "./operators-support";

// The demo a new user logs in with (README, start script): the logins, the memberships, and a year of
// data in every state. One seed for the whole file; the assertions only read.
const db = () => getDb();
let seedStarted = 0;
let seedEnded = 0;
let blobKeys: string[] = [];

beforeAll(async () => {
  seedStarted = Date.now();
  expect(await seed(db())).toBe(true);
  seedEnded = Date.now();
  const documents = await db().document.findMany({ select: { displayKey: true, thumbKey: true } });
  blobKeys = documents.flatMap((d) => [d.displayKey!, d.thumbKey!]);
}, 120_000);

// The blobs live in DATA_DIR, shared by test runs: leave no pictures behind. (The keys were read
// up front: the per-file database is dropped by the setup's own afterAll.)
afterAll(async () => {
  const store = getBlobStore();
  await Promise.all(blobKeys.map((key) => store.delete(key)));
});

// The demo office's blocks make every state of the client detail visible (the screenshots): read
// through the real calls, as the UI does. Before the tests below that write.
describe("the demo through the office's calls", () => {
  const current = currentYearMonth();
  const t = {} as Record<"dono" | "operador", string>;
  let cards: ClientCard[] = [];

  beforeAll(async () => {
    t.dono = await login("dono@escritorio.demo");
    t.operador = await login("operador@escritorio.demo");
    cards = (await call<ClientCard[]>(clientsGet, { token: t.dono })).json.data ?? [];
  });

  const cardOf = (name: string) => {
    const card = cards.find((c) => c.name === name);
    if (!card) throw new Error(`no card ${name}`);
    return card;
  };
  const blocksOf = async (clientId: number, token = t.dono): Promise<ClientBlocksAnswer> => {
    const res = await call(listPost, { token, body: { clientId } });
    expect(res.status).toBe(200);
    return clientBlocksAnswer.parse(res.json.data);
  };
  const flat = (answer: ClientBlocksAnswer): Block[] =>
    Object.values(answer.blocks).flatMap((months) =>
      Object.values(months).flatMap((accounts) => Object.values(accounts).flat()),
    );

  test("the demo office has this year's and last year's charts; every categorised block sits in its payment year's chart", async () => {
    const office = await getDb().accountingOffice.findFirstOrThrow({ where: { name: "Escritório Demo" } });
    const years = await getDb().account.groupBy({
      by: ["yearOfExercise"],
      where: { officeId: office.id },
      _count: true,
    });
    expect(years.map((y) => y.yearOfExercise).sort()).toEqual([current.year - 1, current.year]);
    const blocks = await getDb().block.findMany({ where: { accountId: { not: null } }, include: { account: true } });
    expect(blocks.some((b) => b.paymentDate?.getUTCFullYear() === current.year - 1)).toBe(true);
    for (const b of blocks) expect(b.account?.yearOfExercise).toBe(b.paymentDate?.getUTCFullYear());
  });

  test("the showcase client: every block state this month and before, seen and unseen blocks for the owner", async () => {
    const padaria = cardOf("Padaria Pão Quente Ltda");
    const answer = await blocksOf(padaria.id);
    const blocks = flat(answer);
    expect(answer.uncategorizedCount).toBeGreaterThan(0);
    expect(answer.uncontabilizedCount).toBeGreaterThan(0);
    expect(blocks.some((b) => b.contabilizedDatetime)).toBe(true);
    expect(blocks.some((b) => b.accountId !== null && !b.contabilizedDatetime)).toBe(true);
    expect(blocks.some((b) => b.hasPendency)).toBe(true);
    expect(blocks.some((b) => b.viewed)).toBe(true);
    expect(blocks.some((b) => !b.viewed)).toBe(true);
    expect(blocks.some((b) => b.accountId === null && b.viewed)).toBe(true);
    const thisMonth = answer.blocks[String(current.year)]?.[String(current.month)] ?? {};
    expect(Object.keys(thisMonth)).toContain(UNCATEGORIZED_KEY);
    expect(Object.keys(thisMonth).length).toBeGreaterThan(1);
    expect(Object.keys(answer.blocks[String(current.year - 1)] ?? {}).length).toBeGreaterThan(0);
    // Devolved blocks exist but are in no list.
    const devolved = await getDb().block.count({ where: { clientId: padaria.id, devolvedAt: { not: null } } });
    expect(devolved).toBeGreaterThan(0);
    expect(blocks.length).toBe(
      await getDb().block.count({ where: { clientId: padaria.id, devolvedAt: null, undoneAt: null } }),
    );
  });

  test("a block categorised in an account after it left the client's plan (the warning)", async () => {
    const padaria = cardOf("Padaria Pão Quente Ltda");
    const activations = await getDb().clientAccount.findMany({
      where: { clientId: padaria.id, deactivatedAt: { not: null } },
      include: { account: true },
    });
    expect(activations.length).toBeGreaterThan(0);
    const codes = new Set(activations.map((a) => a.account.code));
    const after = await getDb().block.findMany({
      where: { clientId: padaria.id, devolvedAt: null, account: { code: { in: [...codes] } } },
      include: { account: true },
    });
    const deactivatedAt = (code: string) =>
      activations.find((a) => a.account.code === code)?.deactivatedAt?.getTime() ?? Infinity;
    expect(after.some((b) => (b.paymentDate?.getTime() ?? 0) > deactivatedAt(b.account?.code ?? ""))).toBe(true);
  });

  test("the pendências of the showcase: open and solved ones", async () => {
    const res = await call(pendencyPost, { token: t.dono, body: { clientId: cardOf("Padaria Pão Quente Ltda").id } });
    const list = pendencyListAnswer.parse(res.json.data);
    expect(list.some((p) => p.solvedDatetime === null)).toBe(true);
    expect(list.some((p) => p.solvedDatetime !== null)).toBe(true);
  });

  test("a client with nothing yet; operador is responsible for some clients and has one shared with it", async () => {
    const empty = cardOf("Floricultura Jardim Novo Ltda");
    expect(await blocksOf(empty.id)).toEqual({ blocks: {}, uncategorizedCount: 0, uncontabilizedCount: 0 });
    expect(await getDb().clientAccount.count({ where: { clientId: empty.id } })).toBe(0);
    const mine = (await call<ClientCard[]>(clientsGet, { token: t.operador })).json.data ?? [];
    expect(mine.some((c) => c.isResponsable)).toBe(true);
    expect(mine.some((c) => !c.isResponsable && c.isShared)).toBe(true);
    // The operator sees the blocks of a shared client; views are its own (none yet).
    const shared = mine.find((c) => !c.isResponsable) as ClientCard;
    const blocks = flat(await blocksOf(shared.id, t.operador));
    expect(blocks.length).toBeGreaterThan(0);
  });

  test("every demo client's whole map parses against the contract", async () => {
    for (const card of cards) await blocksOf(card.id);
  });
});

const logins = [
  { email: "dono@escritorio.demo", office: "Escritório Demo", type: 0, blocked: false },
  { email: "admin@escritorio.demo", office: "Escritório Demo", type: 1, blocked: false },
  { email: "operador@escritorio.demo", office: "Escritório Demo", type: 2, blocked: false },
  { email: "bloqueado@escritorio.demo", office: "Escritório Demo", type: 2, blocked: true },
  { email: "socio@empresa.demo", office: "Escritório Demo", type: 2, blocked: false },
  { email: "dono@outro.demo", office: "Contabilidade Outro", type: 0, blocked: false },
];

test.each(logins)(
  "accounting login $email (type $type, blocked $blocked)",
  async ({ email, office, type, blocked }) => {
    const user = await db().user.findUniqueOrThrow({
      where: { email },
      include: { accountingOperator: { include: { office: true } } },
    });
    expect(user.accountingOperator).toMatchObject({ type, blocked });
    expect(user.accountingOperator?.office.name).toBe(office);
    expect(await verifyPassword("demo1234", user.passwordHash)).toBe(true);
  },
);

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
    expect(c).toMatchObject({
      cep: expect.stringMatching(/^\d{8}$/),
      city: expect.any(String),
      state: expect.stringMatching(/^[A-Z]{2}$/),
    });
  }
  expect(demo.some((c) => c.shares.length > 0)).toBe(true);
  expect(new Set(demo.map((c) => c.responsibleOperatorId)).size).toBeGreaterThanOrEqual(3);
});

test("offices have a chart of 60+ accounts of the current year; clients 10-20 activations", async () => {
  const offices = await db().accountingOffice.findMany({ include: { accounts: true } });
  expect(offices).toHaveLength(2);
  for (const office of offices) {
    expect(office.accounts.length).toBeGreaterThanOrEqual(60);
    expect(office.accounts.map((a) => a.description)).toEqual(
      expect.arrayContaining(["Caixa Geral", "Energia Elétrica", "Aluguel"]),
    );
  }
  const perClient = await db().clientAccount.groupBy({ by: ["clientId"], _count: true });
  for (const row of perClient) expect(row._count).toBeGreaterThanOrEqual(10);
  for (const row of perClient) expect(row._count).toBeLessThanOrEqual(20);
  expect(await db().clientAccount.count({ where: { activatedAt: { gt: new Date() } } })).toBe(0);
});

test("blocks exist in every state, each with 1-3 documents", async () => {
  const blocks = await db().block.findMany({ include: { _count: { select: { documents: true } }, pendencies: true } });
  const stateOf = (b: (typeof blocks)[number]) =>
    b.devolvedAt
      ? "devolved"
      : b.contabilizedAt
        ? "contabilized"
        : b.accountId
          ? "categorized"
          : b.pendencies.some((p) => !p.solvedAt)
            ? "pendency"
            : "uncategorized";
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
  expect(new Set(documents.map((d) => d.displayKey!)).size).toBe(documents.length);
  const store = getBlobStore();
  const sample = documents.filter((_, i) => i % 7 === 0);
  for (const d of sample) {
    const folder = /^clients\/(\d+)\/documents\/([0-9a-f-]{36})\/documento-([0-9a-f]{8})\.webp$/.exec(d.displayKey!);
    expect(folder).not.toBeNull();
    expect(Number(folder![1])).toBe(d.clientId);
    expect(folder![2].replace(/-/g, "").slice(0, 8)).toBe(folder![3]);
    expect(d.thumbKey!).toBe(d.displayKey!.replace(/[^/]+$/, "miniatura.webp"));
    expect(await store.exists(d.displayKey!)).toBe(true);
    expect(await store.exists(d.thumbKey!)).toBe(true);
  }
  const picture = await store.get(documents[0].displayKey!);
  expect(picture?.contentType).toBe("image/webp");
  expect(picture?.body.length).toBe(documents[0].size);
});

test("every document is read; a few carry findings that hold their shape, their code and their client", async () => {
  expect(await db().document.count({ where: { readAt: null } })).toBe(0);
  const findings = await db().documentFinding.findMany({ include: { document: true } });
  expect(findings.length).toBeGreaterThanOrEqual(5);
  for (const row of findings) {
    const finding = findingSchema.parse(row.finding);
    expect(row.code).toBe(findingCode(finding));
    expect(row.source).toBe(finding.source);
    expect(row.clientId).toBe(row.document.clientId);
    // The job reads a document and writes its findings at once: read no earlier than stored.
    expect(row.document.readAt!.getTime()).toBeGreaterThanOrEqual(row.document.createdAt.getTime());
    if (finding.kind === "fiscal") expect(parseAccessKey(finding.key)?.key).toBe(finding.key);
    else if (finding.kind === "payment")
      expect(parsePaymentCode(finding.code.barcode, "2026-01-01")?.barcode).toBe(finding.code.barcode);
    // a receipt without a code, as OCR reads it: a CNPJ whose check digits hold, and its confidence
    else expect([isValidCnpj(finding.cnpj ?? ""), finding.confidence > 0]).toEqual([true, true]);
  }
  const kinds = new Set(findings.map((row) => findingSchema.parse(row.finding).kind));
  expect(kinds).toEqual(new Set(["fiscal", "payment", "ocr"]));
  // One receipt sent twice: its code on two live blocks of one client.
  const shared = await db().$queryRaw<{ blocks: number }[]>`
    SELECT count(DISTINCT d.block_id)::int AS blocks
      FROM document_findings f JOIN documents d ON d.id = f.document_id JOIN blocks b ON b.id = d.block_id
     WHERE b.undone_at IS NULL AND b.devolved_at IS NULL
     GROUP BY f.client_id, f.code HAVING count(DISTINCT d.block_id) > 1`;
  expect(shared.length).toBeGreaterThanOrEqual(1);
});

test("pending invites of the three kinds", async () => {
  const invites = await db().invite.findMany({ where: { acceptedAt: null } });
  expect(new Set(invites.map((i) => i.kind))).toEqual(new Set(["accountingOperator", "client", "clientOperator"]));
});

test("busy is visible: the admin holds a contabilization lease on the Transportadora, no longer than a real lease", async () => {
  const leases = await db().contabilizationLease.findMany({
    include: { client: true, operator: { include: { user: true } } },
  });
  expect(leases.map((l) => [l.client.name, l.operator.user.email])).toEqual([
    ["Transportadora Rota Sul Ltda", "admin@escritorio.demo"],
  ]);
  // a lease of hours locked the owner out of Contabilizar long after the first start
  expect(leases[0].expiresAt.getTime()).toBeGreaterThan(seedStarted);
  expect(leases[0].expiresAt.getTime()).toBeLessThanOrEqual(seedEnded + CONTABILIZATION_LEASE_MS);
});

test("a second seed refuses and creates nothing", async () => {
  const counts = async () =>
    Promise.all([db().user.count(), db().block.count(), db().document.count(), db().account.count()]);
  const before = await counts();
  expect(await seed(db())).toBe(false);
  expect(await counts()).toEqual(before);
});

test("with the demo office renamed by its owner, the next start's seed still finds the demo: no error, nothing created", async () => {
  const counts = async () =>
    Promise.all([
      db().user.count(),
      db().block.count(),
      db().document.count(),
      db().account.count(),
      db().accountingOffice.count(),
    ]);
  const office = await db().accountingOffice.findFirstOrThrow({ where: { name: "Escritório Demo" } });
  await db().accountingOffice.update({ where: { id: office.id }, data: { name: "Contabilidade Mendes & Associados" } });
  try {
    const before = await counts();
    await expect(seed(db())).resolves.toBe(false);
    expect(await counts()).toEqual(before);
  } finally {
    await db().accountingOffice.update({ where: { id: office.id }, data: { name: office.name } });
  }
});

describe("factories (the seed's building blocks, with their defaults)", () => {
  test.each(BLOCK_STATES)("createBlock in state %s", async (state) => {
    const block = await createBlock({ state, documents: 2 });
    blobKeys.push(...block.documents.flatMap((d) => [d.displayKey!, d.thumbKey!]));
    expect(block.documents).toHaveLength(2);
    expect(block.sentById).not.toBeNull();
    expect(Boolean(block.accountId)).toBe(state === "categorized" || state === "contabilized");
    expect(Boolean(block.contabilizedAt)).toBe(state === "contabilized");
    expect(Boolean(block.devolvedAt)).toBe(state === "devolved");
    expect(block.documents.every((d) => Boolean(d.devolvedAt) === (state === "devolved"))).toBe(true);
    expect(block.pendencies).toHaveLength(state === "pendency" ? 1 : 0);
  });

  test("unique users, valid codes, the cached demo password", async () => {
    const [a, b] = await Promise.all([
      createAccountingOperator({ type: 1 }),
      createAccountingOperator({ blocked: true }),
    ]);
    expect(a.user.email).not.toBe(b.user.email);
    expect(a.user.passwordHash).toBe(b.user.passwordHash);
    expect(isValidCpf(a.user.code ?? "")).toBe(true);
    expect(b.blocked).toBe(true);
    const client = await createClient({ responsible: a, type: "individual" });
    expect(client.officeId).toBe(a.officeId);
    expect(isValidCpf(client.code)).toBe(true);
  });

  test("documents, pendencies, accounts and invites", async () => {
    const client = await createClient();
    const document = await createDocument({ client });
    blobKeys.push(document.displayKey!, document.thumbKey!);
    expect(document.blockId).toBeNull();
    const block = await createBlock({ client });
    blobKeys.push(...block.documents.flatMap((d) => [d.displayKey!, d.thumbKey!]));
    const pendency = await createPendency({ block, issue: 2, observations: "Falta o comprovante." });
    expect(pendency).toMatchObject({ clientId: client.id, issue: 2, solvedAt: null });
    const account = await createAccount({ office: { id: client.officeId } });
    const activation = await activateAccount({ client, account });
    expect(activation.activatedAt.getTime()).toBeLessThan(Date.now());
    const invites = await Promise.all([
      createInvite(),
      createInvite({ kind: "client", office: { id: client.officeId } }),
      createInvite({ kind: "clientOperator", client }),
    ]);
    expect(invites.map((i) => [i.kind, Boolean(i.officeId), Boolean(i.clientId)])).toEqual([
      ["accountingOperator", true, false],
      ["client", true, false],
      ["clientOperator", false, true],
    ]);
  });

  test("randomCpf / randomCnpj always produce valid numbers", () => {
    for (let i = 0; i < 500; i++) {
      expect(isValidCpf(randomCpf())).toBe(true);
      expect(isValidCnpj(randomCnpj())).toBe(true);
    }
  });
});
