// A block's reading on every answer that shows a block (docs/decisions/0271-fiscal-reading-contract.md):
// the office's and the company's /api/block/list, /api/block/tocategorize (block and next) and
// /api/document/block. Findings merged in document order (lib/fiscal/block-reading.ts), duplicateOf
// from the other live blocks of the same client sharing a code (a finding's, or an imported key), with
// its reason (tests/integration/near-duplicates.test.ts has the near-duplicate rules); the
// source files of /api/document/block behind signed download links only the block's viewers get.
import { randomUUID } from "node:crypto";
import { GET as filesGet } from "@/app/api/files/[...key]/route";
import { POST as contabilizePost } from "@/app/api/block/contabilize/route";
import { POST as listPost } from "@/app/api/block/list/route";
import { POST as toCategorizePost } from "@/app/api/block/tocategorize/route";
import { POST as documentsPost } from "@/app/api/document/block/route";
import { blockDocumentsAnswer, blockSchema, type Block, type BlockDocumentsAnswer } from "@/lib/contract/blocks";
import type { BusinessBlocksAnswer } from "@/lib/contract/business";
import type { ToCategorizeAnswer } from "@/lib/contract/categorization";
import type { BlockContabilizeAnswer } from "@/lib/contract/contabilization";
import { getDb, type Client } from "@/server/db/client";
import { getBlobStore } from "@/server/storage";
import {
  accessKeyOf,
  boletoFinding,
  createAccountingOperator,
  createBlock,
  createClient,
  createClientOperator,
  createFindings,
  createOffice,
  fiscalFinding,
  type CreatedBlock,
  type OperatorWithUser,
} from "../helpers/factories";
import { call } from "../helpers/http";
import { login } from "./operators-support";

const HOUR = 3_600_000;
const SUPPLIER = "12345678000195";
const keyOf = (number: number, model: "55" | "65" = "55") =>
  accessKeyOf({ cnpj: SUPPLIER, model, issuedOn: "2025-05-10", number });

let owner: OperatorWithUser;
let outsider: OperatorWithUser;
let alpha: Client;
let beta: Client;
let token: string;
let companyToken: string;
let outsiderToken: string;
const b = {} as Record<
  "dupA" | "dupB" | "undone" | "devolved" | "xml" | "mixed" | "plain" | "imported" | "importedTwin" | "betaTwin",
  CreatedBlock
>;
const DUP_KEY = keyOf(7);
const IMPORTED_KEY = keyOf(8);
const NFE_KEY = keyOf(9);
const XML_KEY = keyOf(10, "65");

beforeAll(async () => {
  const office = await createOffice();
  owner = await createAccountingOperator({ office, type: 0 });
  alpha = await createClient({ office, responsible: owner });
  beta = await createClient({ office, responsible: owner });
  const company = await createClientOperator({ client: alpha, type: 0 });
  const other = await createOffice();
  outsider = await createAccountingOperator({ office: other, type: 0 });
  const now = Date.now();
  const sent = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  // The two oldest uncategorised blocks of alpha, first and second in its queue, sharing a key.
  b.dupA = await createBlock({ client: alpha, sentAt: sent(100) });
  b.dupB = await createBlock({ client: alpha, sentAt: sent(99) });
  b.undone = await createBlock({ client: alpha, sentAt: sent(98) });
  await getDb().block.update({ where: { id: b.undone.id }, data: { undoneAt: new Date() } });
  b.devolved = await createBlock({ client: alpha, state: "devolved", operator: owner, sentAt: sent(97) });
  b.betaTwin = await createBlock({ client: beta, sentAt: sent(96) });
  for (const block of [b.dupA, b.dupB, b.undone, b.devolved, b.betaTwin]) {
    await createFindings(block.documents[0], [fiscalFinding(DUP_KEY, { source: "qrcode", date: "2025-05-10" })]);
  }
  // The categorised blocks of the one supplier each with its own value: none is another's near duplicate.
  b.xml = await createBlock({
    client: alpha,
    state: "categorized",
    operator: owner,
    sentAt: sent(50),
    valueCents: 8990,
  });
  await createFindings(
    b.xml.documents[0],
    [
      fiscalFinding(XML_KEY, {
        source: "xml",
        supplierName: "MOINHO DOURADO LTDA",
        date: "2025-05-10",
        valueCents: 8990,
      }),
    ],
    { marks: ["homologation", "thirdParty"] },
  );
  // A boleto on the first document (the payment: due date and value), the NF-e on the second (the
  // supplier).
  b.mixed = await createBlock({
    client: alpha,
    state: "categorized",
    operator: owner,
    sentAt: sent(40),
    documents: 2,
    valueCents: 123_456,
  });
  await createFindings(b.mixed.documents[0], [boletoFinding({ dueDate: "2025-06-20", valueCents: 123_456 })]);
  await createFindings(b.mixed.documents[1], [
    fiscalFinding(NFE_KEY, { source: "xml", supplierName: "ATACADO CENTRAL LTDA", date: "2025-05-12", valueCents: 99 }),
  ]);
  b.plain = await createBlock({ client: alpha, state: "categorized", operator: owner, sentAt: sent(30) });
  // An imported block (its key on the block) and a photo of the same note read by the job.
  b.imported = await createBlock({ client: alpha, state: "categorized", operator: owner, sentAt: sent(20) });
  await getDb().block.update({
    where: { id: b.imported.id },
    data: { importedKey: IMPORTED_KEY, importedById: owner.id },
  });
  b.importedTwin = await createBlock({ client: alpha, state: "categorized", operator: owner, sentAt: sent(10) });
  await createFindings(b.importedTwin.documents[0], [fiscalFinding(IMPORTED_KEY, { source: "barcode" })]);
  token = await login(owner.user.email);
  companyToken = await login(company.user.email);
  outsiderToken = await login(outsider.user.email);
}, 60_000);

const flatten = (blocks: Record<string, Record<string, Record<string, Block[]>>>) =>
  new Map(
    Object.values(blocks)
      .flatMap((months) => Object.values(months).flatMap((accounts) => Object.values(accounts).flat()))
      .map((block) => [block.id, blockSchema.parse(block)]),
  );

async function officeList(): Promise<Map<number, Block>> {
  const res = await call<{ blocks: Record<string, Record<string, Record<string, Block[]>>> }>(listPost, {
    token,
    body: { clientId: alpha.id },
  });
  expect(res.status).toBe(200);
  return flatten(res.json.data!.blocks);
}

async function viewer(blockId: number, as = token) {
  return call<BlockDocumentsAnswer>(documentsPost, { token: as, body: { blockId } });
}

const dupReading = (duplicateOf: number[]) => ({
  source: "qrcode",
  key: DUP_KEY,
  model: "55",
  cnpj: SUPPLIER,
  supplierName: null,
  date: "2025-05-10",
  value: null,
  confidence: null,
  duplicateOf,
  duplicateReasons: duplicateOf.map((blockId) => ({ blockId, reason: "key" })),
});
const xmlReading = {
  source: "xml",
  key: XML_KEY,
  model: "65",
  cnpj: SUPPLIER,
  supplierName: "MOINHO DOURADO LTDA",
  date: "2025-05-10",
  value: "89.90",
  confidence: null,
  duplicateOf: [],
  duplicateReasons: [],
};
const mixedReading = {
  source: "barcode",
  key: NFE_KEY,
  model: "55",
  cnpj: SUPPLIER,
  supplierName: "ATACADO CENTRAL LTDA",
  date: "2025-06-20",
  value: "1234.56",
  confidence: null,
  duplicateOf: [],
  duplicateReasons: [],
};

test("the office's list: each block's reading; duplicates among live blocks of the client only", async () => {
  const blocks = await officeList();
  expect(blocks.get(b.xml.id)?.reading).toEqual(xmlReading);
  expect(blocks.get(b.mixed.id)?.reading).toEqual(mixedReading);
  expect(blocks.get(b.plain.id)?.reading).toBeNull();
  // Each lists the other; neither the undone, the devolved nor beta's block with the same key.
  expect(blocks.get(b.dupA.id)?.reading).toEqual(dupReading([b.dupB.id]));
  expect(blocks.get(b.dupB.id)?.reading).toEqual(dupReading([b.dupA.id]));
  // An imported key is a code of its block: the photo of the same note is its duplicate and back.
  expect(blocks.get(b.importedTwin.id)?.reading?.duplicateOf).toEqual([b.imported.id]);
  // The imported block itself has no findings here: nothing read, but its duplicate is said.
  expect(blocks.get(b.imported.id)?.reading).toEqual({
    source: null,
    key: null,
    model: null,
    cnpj: null,
    supplierName: null,
    date: null,
    value: null,
    confidence: null,
    duplicateOf: [b.importedTwin.id],
    duplicateReasons: [{ blockId: b.importedTwin.id, reason: "key" }],
  });
});

test("the month list reads the same", async () => {
  const sentAt = b.dupA.sentAt;
  const { year, month } = { year: sentAt.getUTCFullYear(), month: sentAt.getUTCMonth() + 1 };
  const res = await call<{ blocks: Record<string, Record<string, Record<string, Block[]>>> }>(listPost, {
    token,
    body: { clientId: alpha.id, year, month },
  });
  expect(res.status).toBe(200);
  const blocks = flatten(res.json.data!.blocks);
  // Blocks sent near a month's turn may fall in the month before in São Paulo: check what is there.
  for (const [id, block] of blocks) {
    if (id === b.dupA.id) expect(block.reading).toEqual(dupReading([b.dupB.id]));
    if (id === b.plain.id) expect(block.reading).toBeNull();
  }
});

test("the company's list: the same readings", async () => {
  const res = await call<BusinessBlocksAnswer>(listPost, { token: companyToken, body: {} });
  expect(res.status).toBe(200);
  const blocks = flatten(res.json.data!.blocks);
  expect(blocks.get(b.mixed.id)?.reading).toEqual(mixedReading);
  expect(blocks.get(b.dupA.id)?.reading).toEqual(dupReading([b.dupB.id]));
  expect(blocks.get(b.plain.id)?.reading).toBeNull();
});

test("tocategorize: the block and the next carry their readings", async () => {
  const res = await call<ToCategorizeAnswer>(toCategorizePost, { token, body: { clientId: alpha.id } });
  expect(res.status).toBe(200);
  expect(res.json.data?.block?.id).toBe(b.dupA.id);
  expect(res.json.data?.block?.reading).toEqual(dupReading([b.dupB.id]));
  expect(res.json.data?.next?.id).toBe(b.dupB.id);
  expect(res.json.data?.next?.reading).toEqual(dupReading([b.dupA.id]));
  // Both documents read (their findings written): nothing more to wait for.
  expect(res.json.data?.block?.readingPending).toBe(false);
  expect(res.json.data?.next?.readingPending).toBe(false);
});

test("readingPending: a block with a document still to be read says so until the reading job marks it read", async () => {
  const two = await createBlock({
    client: alpha,
    state: "categorized",
    operator: owner,
    documents: 2,
    sentAt: new Date(),
    readAt: null,
  });
  const pending = async () => ({
    listed: (await officeList()).get(two.id)?.readingPending,
    viewed: blockDocumentsAnswer.parse((await viewer(two.id)).json.data).readingPending,
  });
  expect(await pending()).toEqual({ listed: true, viewed: true });
  // One of the two read, with nothing found: the other is still to be read.
  await createFindings(two.documents[0]!, []);
  expect(await pending()).toEqual({ listed: true, viewed: true });
  await createFindings(two.documents[1]!, []);
  expect(await pending()).toEqual({ listed: false, viewed: false });
  // A document read but removed from the block no longer counts; a new unread one does.
  await getDb().document.update({ where: { id: two.documents[1]!.id }, data: { readAt: null, deletedAt: new Date() } });
  expect(await pending()).toEqual({ listed: false, viewed: false });
});

test("document/block: the reading, no importer, no source for photos", async () => {
  const res = await viewer(b.mixed.id);
  expect(res.status).toBe(200);
  const answer = blockDocumentsAnswer.parse(res.json.data);
  expect(answer.reading).toEqual(mixedReading);
  expect(answer.importedBy).toBeNull();
  expect(answer.sources).toEqual([null, null]);
  expect((await viewer(b.dupB.id)).json.data?.reading).toEqual(dupReading([b.dupA.id]));
  expect((await viewer(b.plain.id)).json.data?.reading).toBeNull();
});

test("document/block of an imported XML: who imported it, its file behind a signed download link", async () => {
  const store = getBlobStore();
  const key = `clients/${alpha.id}/documents/${randomUUID()}/nota.xml`;
  const xml = Buffer.from(`<?xml version="1.0"?><nfeProc><NFe><infNFe Id="NFe${XML_KEY}"/></NFe></nfeProc>`);
  await store.put(key, xml, "application/xml");
  await getDb().document.update({
    where: { id: b.xml.documents[0].id },
    data: { sourceKey: key, sourceMime: "application/xml", originalName: "nota-moinho.xml" },
  });
  await getDb().block.update({ where: { id: b.xml.id }, data: { importedById: owner.id } });
  try {
    const res = await viewer(b.xml.id);
    expect(res.status).toBe(200);
    const answer = blockDocumentsAnswer.parse(res.json.data);
    expect(answer.reading).toEqual(xmlReading);
    expect(answer.importedBy).toBe(owner.user.name);
    expect(answer.sources).toEqual([
      {
        url: expect.stringMatching(/^\/api\/files\/clients\/.+\/nota\.xml\?exp=\d+&sig=/),
        mime: "application/xml",
        name: "nota-moinho.xml",
        marks: ["homologation", "thirdParty"],
      },
    ]);
    const url = new URL(answer.sources[0]!.url, "http://localhost");
    const file = await filesGet(new Request(url), {
      params: Promise.resolve({ key: url.pathname.slice("/api/files/".length).split("/") }),
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/xml");
    expect(file.headers.get("content-disposition")).toBe("attachment");
    expect(Buffer.from(await file.arrayBuffer()).equals(xml)).toBe(true);

    // Another office's operator gets no answer about the block, so no link to its file.
    const refused = await viewer(b.xml.id, outsiderToken);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.json)).not.toContain("nota.xml");
    // The company's own user has no viewer call of the office (403), so no link either.
    const company = await viewer(b.xml.id, companyToken);
    expect(company.status).toBe(403);
    expect(JSON.stringify(company.json)).not.toContain("nota.xml");
    // Nor does a link signed for another key open this one.
    const forged = new URL(
      `http://localhost/api/files/${key}?exp=${url.searchParams.get("exp")}&sig=${answer.documentsUrl[0]!.split("sig=")[1]}`,
    );
    const denied = await filesGet(new Request(forged), { params: Promise.resolve({ key: key.split("/") }) });
    expect(denied.status).toBe(403);
  } finally {
    await store.delete(key);
  }
});

test("contabilization: the posted block carries its reading", async () => {
  const res = await call<BlockContabilizeAnswer>(contabilizePost, { token, body: { blockId: b.mixed.id, link: null } });
  expect(res.status).toBe(200);
  expect(res.json.data?.block.reading).toEqual(mixedReading);
  expect(res.json.data?.contabilization.lastContabilized[0]?.reading).toEqual(mixedReading);
});
