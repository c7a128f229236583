// The account suggested for a block (docs/decisions/0295-account-suggestions.md) on the office's block
// answers: /api/block/list entries, /api/block/tocategorize (block and next) and /api/document/block.
// Learned from the client's earlier blocks of the same supplier (the CNPJ read off a document), by
// account code, recency and frequency, a correction outweighing older uses, only accounts active in the
// block's month; the office's other clients as a weaker hint; nothing from another office. A block read
// without a CNPJ (a receipt read by OCR) is matched by its supplier's name, normalised
// (docs/decisions/0331-suggestion-by-supplier-name.md).
import { POST as listPost } from "@/app/api/block/list/route";
import { POST as savePost } from "@/app/api/block/save/route";
import { POST as toCategorizePost } from "@/app/api/block/tocategorize/route";
import { POST as documentsPost } from "@/app/api/document/block/route";
import { blockDocumentsAnswer, blockSchema, type Block, type BlockDocumentsAnswer } from "@/lib/contract/blocks";
import type { ToCategorizeAnswer } from "@/lib/contract/categorization";
import type { Finding } from "@/lib/fiscal/block-reading";
import { getDb, type Account, type Client } from "@/server/db/client";
import {
  accessKeyOf,
  activateAccount,
  createAccount,
  createAccountingOperator,
  createBlock,
  createClient,
  createClientOperator,
  createFindings,
  createOffice,
  fiscalFinding,
  shareClient,
  type CreatedBlock,
  type OperatorWithUser,
} from "../helpers/factories";
import { call } from "../helpers/http";
import { login } from "./operators-support";

const DAY = 86_400_000;
const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * DAY);
const year = new Date().getFullYear();

// Suppliers (issuer CNPJs of the notes read off the blocks).
const S = {
  usual: "11222333000181",
  inactive: "45997418000153",
  officeOnly: "06990590000123",
  otherOffice: "33000167000101",
  corrected: "60701190000104",
};
let serial = 1;
const read = async (block: CreatedBlock, cnpj: string, supplierName: string | null = null) =>
  createFindings(block.documents[0], [
    fiscalFinding(accessKeyOf({ cnpj, model: "55", issuedOn: "2026-01-10", number: serial++ }), {
      source: "xml",
      supplierName,
    }),
  ]);

let owner: OperatorWithUser;
let responsible: OperatorWithUser;
let shared: OperatorWithUser;
let colleague: OperatorWithUser;
let outsider: OperatorWithUser;
let alpha: Client;
let beta: Client;
let gamma: Client;
let acc: Record<"a1" | "a2" | "a3" | "inactive", Account>;
let foreign: Account;
const tokens = {} as Record<"owner" | "responsible" | "shared" | "colleague" | "outsider" | "company", string>;
const target = {} as Record<"usual" | "inactive" | "officeOnly" | "otherOffice" | "corrected" | "none", CreatedBlock>;
let toCorrect: CreatedBlock;
let usualLatest: CreatedBlock;

/** A block of `client` categorised `days` ago with `account` by the owner, paid that day. */
function categorized(client: Client, account: Account, days: number, valueCents: number) {
  return createBlock({
    client,
    state: "categorized",
    account,
    operator: owner,
    sentAt: daysAgo(days + 1),
    categorizedAt: daysAgo(days),
    paymentDate: daysAgo(days),
    valueCents,
  });
}

/** A categorised block of `client` with `account`, read as of supplier `cnpj`, categorised `days` ago. */
async function history(client: Client, account: Account, cnpj: string, days: number, valueCents = 10_000) {
  const block = await categorized(client, account, days, valueCents);
  await read(block, cnpj);
  return block;
}

beforeAll(async () => {
  const office = await createOffice();
  owner = await createAccountingOperator({ office, type: 0 });
  responsible = await createAccountingOperator({ office, type: 2 });
  shared = await createAccountingOperator({ office, type: 2 });
  colleague = await createAccountingOperator({ office, type: 2 });
  alpha = await createClient({ office, responsible });
  beta = await createClient({ office, responsible });
  await shareClient({ client: alpha, operator: shared });
  const company = await createClientOperator({ client: alpha, type: 0 });
  const other = await createOffice();
  outsider = await createAccountingOperator({ office: other, type: 0 });
  gamma = await createClient({ office: other, responsible: outsider });

  const account = (code: string, extra: { active?: boolean } = {}) =>
    createAccount({ office, code, yearOfExercise: year, ...extra });
  acc = {
    a1: await account("4.2.02.001"),
    a2: await account("4.2.02.002"),
    a3: await account("4.2.02.003"),
    inactive: await account("4.2.02.004", { active: false }),
  };
  const since = new Date(Date.UTC(year - 2, 0, 1));
  for (const client of [alpha, beta])
    for (const one of Object.values(acc)) await activateAccount({ client, account: one, activatedAt: since });
  // The other office's chart has the same codes; its client's history must not reach alpha.
  foreign = await createAccount({ office: other, code: "4.2.02.003", yearOfExercise: year });
  await activateAccount({ client: gamma, account: foreign, activatedAt: since });

  // alpha's usual supplier: a1 three times (recent), a2 once (older).
  await history(alpha, acc.a2, S.usual, 40);
  for (const days of [30, 20]) await history(alpha, acc.a1, S.usual, days);
  usualLatest = await history(alpha, acc.a1, S.usual, 10);
  // A supplier whose most used account left the chart: the next one is suggested.
  for (const days of [30, 20, 10]) await history(alpha, acc.inactive, S.inactive, days);
  await history(alpha, acc.a3, S.inactive, 50);
  // Only beta (same office) bought from this one: a hint for alpha.
  for (const days of [15, 12]) await history(beta, acc.a2, S.officeOnly, days);
  // Only gamma (another office) bought from this one: nothing for alpha.
  for (const days of [15, 12, 9, 6]) await history(gamma, foreign, S.otherOffice, days);
  // a1 four times, then the office moves the latest block to a3 (POST /api/block/save below).
  for (const days of [40, 30, 20]) await history(alpha, acc.a1, S.corrected, days);
  toCorrect = await history(alpha, acc.a1, S.corrected, 5);

  // The blocks to categorise, one per supplier, sent today, oldest first in the queue.
  const waiting = async (key: keyof typeof target, cnpj: string | null, hours: number) => {
    target[key] = await createBlock({ client: alpha, sentAt: new Date(now - hours * 3_600_000) });
    if (cnpj) await read(target[key], cnpj, key === "usual" ? "MOINHO DOURADO LTDA" : null);
  };
  await waiting("usual", S.usual, 6);
  await waiting("inactive", S.inactive, 5);
  await waiting("officeOnly", S.officeOnly, 4);
  await waiting("otherOffice", S.otherOffice, 3);
  await waiting("corrected", S.corrected, 2);
  await waiting("none", null, 1);

  tokens.owner = await login(owner.user.email);
  tokens.responsible = await login(responsible.user.email);
  tokens.shared = await login(shared.user.email);
  tokens.colleague = await login(colleague.user.email);
  tokens.outsider = await login(outsider.user.email);
  tokens.company = await login(company.user.email);
}, 120_000);

type Months = Record<string, Record<string, Record<string, Block[]>>>;
async function listed(token: string, clientId: number | undefined = alpha.id) {
  const res = await call<{ blocks: Months }>(listPost, { token, body: clientId === undefined ? {} : { clientId } });
  return { status: res.status, blocks: res.json.data ? flatten(res.json.data.blocks) : new Map<number, Block>() };
}
const flatten = (blocks: Months) =>
  new Map(
    Object.values(blocks)
      .flatMap((months) => Object.values(months).flatMap((accounts) => Object.values(accounts).flat()))
      .map((block) => [block.id, blockSchema.parse(block)]),
  );
const documents = (token: string, blockId: number) =>
  call<BlockDocumentsAnswer>(documentsPost, { token, body: { blockId } });
const supplier = (accountId: number, count: number, supplierName: string | null = null) => ({
  accountId,
  reason: { kind: "supplier", count, supplierName },
});

describe("the suggestion on the office's list", () => {
  test("the usual account of the supplier: recency and frequency, counted by code, named by the reading", async () => {
    const { status, blocks } = await listed(tokens.owner);
    expect(status).toBe(200);
    expect(blocks.get(target.usual.id)?.accountSuggestion).toEqual(supplier(acc.a1.id, 3, "MOINHO DOURADO LTDA"));
  });

  test("an account that left the chart is never suggested: the next one is", async () => {
    const { blocks } = await listed(tokens.owner);
    expect(blocks.get(target.inactive.id)?.accountSuggestion).toEqual(supplier(acc.a3.id, 1));
  });

  test("a supplier only the office's other clients know: their account, as a weaker hint", async () => {
    const { blocks } = await listed(tokens.owner);
    expect(blocks.get(target.officeOnly.id)?.accountSuggestion).toEqual({
      accountId: acc.a2.id,
      reason: { kind: "office", count: 2, supplierName: null },
    });
  });

  test("another office's history never reaches the client: no suggestion", async () => {
    const { blocks } = await listed(tokens.owner);
    expect(blocks.get(target.otherOffice.id)?.accountSuggestion).toBeNull();
    // and a block without a supplier has none
    expect(blocks.get(target.none.id)?.accountSuggestion).toBeNull();
  });

  test("a categorised block: none on the list; in the viewer, from the other blocks, not from itself", async () => {
    const { blocks } = await listed(tokens.owner);
    expect(blocks.get(usualLatest.id)?.accountSuggestion).toBeNull();
    // the latest a1 block of the usual supplier: two other a1 uses, not three
    const viewer = await documents(tokens.owner, usualLatest.id);
    expect(viewer.json.data?.accountSuggestion).toEqual(supplier(acc.a1.id, 2));
  });

  test("the responsible and a shared operator get it; a colleague without the client and another office 404", async () => {
    for (const who of ["responsible", "shared"] as const) {
      const { status, blocks } = await listed(tokens[who]);
      expect([who, status]).toEqual([who, 200]);
      expect(blocks.get(target.usual.id)?.accountSuggestion?.accountId).toBe(acc.a1.id);
    }
    expect((await listed(tokens.colleague)).status).toBe(404);
    expect((await listed(tokens.outsider)).status).toBe(404);
  });

  test("the company's own list carries none", async () => {
    const { status, blocks } = await listed(tokens.company, undefined);
    expect(status).toBe(200);
    expect(blocks.get(target.usual.id)?.accountSuggestion).toBeNull();
  });
});

describe("the suggestion in the viewer and the categorization queue", () => {
  test("/api/document/block carries it for the office; another office 404", async () => {
    const res = await documents(tokens.responsible, target.usual.id);
    expect(res.status).toBe(200);
    const answer = blockDocumentsAnswer.parse(res.json.data);
    expect(answer.accountSuggestion).toEqual(supplier(acc.a1.id, 3, "MOINHO DOURADO LTDA"));
    expect((await documents(tokens.outsider, target.usual.id)).status).toBe(404);
    expect((await documents(tokens.colleague, target.usual.id)).status).toBe(404);
  });

  test("/api/block/tocategorize: the block and the next both carry theirs", async () => {
    const res = await call<ToCategorizeAnswer>(toCategorizePost, {
      token: tokens.owner,
      body: { clientId: alpha.id },
    });
    expect(res.status).toBe(200);
    const { block, next } = res.json.data!;
    expect(block?.id).toBe(target.usual.id);
    expect(block?.accountSuggestion).toEqual(supplier(acc.a1.id, 3, "MOINHO DOURADO LTDA"));
    expect(next?.id).toBe(target.inactive.id);
    expect(next?.accountSuggestion).toEqual(supplier(acc.a3.id, 1));
    const foreign = await call(toCategorizePost, { token: tokens.outsider, body: { clientId: alpha.id } });
    expect(foreign.status).toBe(404);
  });
});

describe("a correction by the office", () => {
  test("before it, the account used four times; after it, the account the office moved the latest block to", async () => {
    let { blocks } = await listed(tokens.owner);
    expect(blocks.get(target.corrected.id)?.accountSuggestion?.accountId).toBe(acc.a1.id);
    const current = blocks.get(toCorrect.id)!;
    const saved = await call(savePost, {
      token: tokens.owner,
      body: { block: { id: toCorrect.id, date: current.date, value: current.value, accountId: acc.a3.id } },
    });
    expect(saved.status).toBe(200);
    const row = await getDb().block.findUniqueOrThrow({ where: { id: toCorrect.id } });
    expect(row.accountCorrectedAt).not.toBeNull();
    ({ blocks } = await listed(tokens.owner));
    expect(blocks.get(target.corrected.id)?.accountSuggestion).toEqual(supplier(acc.a3.id, 1));
  });

  test("saving the same account again is not a correction, and a first categorisation is none", async () => {
    const block = await history(alpha, acc.a2, "19131243000197", 3);
    const before = await getDb().block.findUniqueOrThrow({ where: { id: block.id } });
    expect(before.accountCorrectedAt).toBeNull();
    const { blocks } = await listed(tokens.owner);
    const current = blocks.get(block.id)!;
    const saved = await call(savePost, {
      token: tokens.owner,
      body: { block: { id: block.id, date: current.date, value: "1.00", accountId: acc.a2.id } },
    });
    expect(saved.status).toBe(200);
    const after = await getDb().block.findUniqueOrThrow({ where: { id: block.id } });
    expect(after.accountCorrectedAt).toBeNull();
  });
});

test("a block's supplier is the issuer of the first fiscal document read off it (kept by the database)", async () => {
  const row = await getDb().block.findUniqueOrThrow({ where: { id: target.usual.id } });
  expect(row.supplierTaxId).toBe(S.usual);
  const none = await getDb().block.findUniqueOrThrow({ where: { id: target.none.id } });
  expect(none.supplierTaxId).toBeNull();
});

describe("a block read without a CNPJ: the supplier's name read by OCR", () => {
  /** A receipt's reading by OCR: a supplier's name and no CNPJ. */
  const ocr = (block: CreatedBlock, supplierName: string) =>
    createFindings(block.documents[0], [
      {
        kind: "ocr",
        source: "ocr",
        cnpj: null,
        supplierName,
        date: null,
        valueCents: 4_250,
        confidence: 0.82,
      } satisfies Finding,
    ]);
  /** A categorised block of `client`, its supplier named by OCR (or by a fiscal note, with its CNPJ). */
  async function named(client: Client, account: Account, name: string, days: number, cnpj?: string) {
    const block = await categorized(client, account, days, 4_000);
    if (cnpj) await read(block, cnpj, name);
    else await ocr(block, name);
    return block;
  }
  const waitingNamed = async (name: string) => {
    const block = await createBlock({ client: alpha, sentAt: new Date(now - 30 * 60_000) });
    await ocr(block, name);
    return block;
  };
  const blocks = {} as Record<"bakery" | "garage" | "station" | "suffixes", CreatedBlock>;

  beforeAll(async () => {
    // alpha's bakery: twice by OCR, once by a note with its CNPJ, each spelled its own way: a2 three times.
    await named(alpha, acc.a2, "PADARIA PAO QUENTE LTDA", 30);
    await named(alpha, acc.a2, "Padaria Pão Quente", 20);
    await named(alpha, acc.a2, "Padaria Pão-Quente Ltda.", 10, "07526557000100");
    await named(alpha, acc.a1, "Padaria Pão Quente Ltda", 60);
    // A garage only beta knows (same office, a2 twice); gamma (another office) knows it by the same name,
    // five times, on a code alpha's chart also has: never counted.
    for (const days of [15, 12]) await named(beta, acc.a2, "Oficina do Zé ME", days);
    for (const days of [14, 11, 8, 5, 2]) await named(gamma, foreign, "OFICINA DO ZE", days);
    // A station only gamma knows.
    for (const days of [15, 12, 9]) await named(gamma, foreign, "Posto Estrela S.A.", days);
    blocks.bakery = await waitingNamed("padaria pão quente - ltda");
    blocks.garage = await waitingNamed("OFICINA DO ZÉ EPP");
    blocks.station = await waitingNamed("POSTO ESTRELA S/A");
    blocks.suffixes = await waitingNamed("LTDA - ME");
  }, 60_000);

  test("the client's earlier blocks of that name, whatever accents, case, punctuation and legal suffix", async () => {
    const { blocks: listedBlocks } = await listed(tokens.owner);
    expect(listedBlocks.get(blocks.bakery.id)?.accountSuggestion).toEqual(
      supplier(acc.a2.id, 3, "padaria pão quente - ltda"),
    );
    const viewer = await documents(tokens.responsible, blocks.bakery.id);
    expect(viewer.json.data?.accountSuggestion?.accountId).toBe(acc.a2.id);
  });

  test("a name only the office's other clients know: their account as the weaker hint; another office's never counts", async () => {
    const { blocks: listedBlocks } = await listed(tokens.owner);
    expect(listedBlocks.get(blocks.garage.id)?.accountSuggestion).toEqual({
      accountId: acc.a2.id,
      reason: { kind: "office", count: 2, supplierName: "OFICINA DO ZÉ EPP" },
    });
    expect(listedBlocks.get(blocks.station.id)?.accountSuggestion).toBeNull();
  });

  test("a name of legal suffixes only names no supplier: no suggestion", async () => {
    const { status, blocks: listedBlocks } = await listed(tokens.owner);
    expect(status).toBe(200);
    expect(listedBlocks.get(blocks.suffixes.id)?.accountSuggestion).toBeNull();
  });

  test("the database keeps each block's normalised supplier name, from OCR or a note", async () => {
    const rows = await getDb().block.findMany({
      where: { id: { in: [blocks.bakery.id, blocks.station.id, blocks.suffixes.id] } },
      orderBy: { id: "asc" },
    });
    expect(rows.map((row) => [row.supplierTaxId, row.supplierNameKey])).toEqual([
      [null, "padaria pao quente"],
      [null, "posto estrela"],
      [null, null],
    ]);
  });
});
