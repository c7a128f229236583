// Near-duplicate blocks (docs/decisions/0300-near-duplicate-blocks.md) on the office's block answers
// (/api/block/list, /api/block/tocategorize, /api/document/block): beside a shared key, "mesmo fornecedor
// e valor em até 3 dias" (the supplier CNPJ read off the block, its own value and payment date when
// categorised, else the read ones) and "mesma foto" (the perceptual hash of a photo: a re-encoded or
// cropped copy of one photo, made with sharp and stored through the upload pipeline, is found; another
// receipt of the same layout is not), each with its reason; and 'Não é duplicado'
// (POST /api/block/duplicate/dismiss): the pair leaves both readings, remembered in either order.
import sharp from "sharp";
import { POST as dismissPost } from "@/app/api/block/duplicate/dismiss/route";
import { POST as listPost } from "@/app/api/block/list/route";
import { POST as toCategorizePost } from "@/app/api/block/tocategorize/route";
import { POST as documentsPost } from "@/app/api/document/block/route";
import { blockDocumentsAnswer, blockSchema, type Block, type BlockDocumentsAnswer } from "@/lib/contract/blocks";
import type { ToCategorizeAnswer } from "@/lib/contract/categorization";
import { hammingDistance, PHOTO_MATCH_DISTANCE, photoHashBands } from "@/lib/duplicates/photo-hash";
import { blocksMessages } from "@/lib/i18n/sections/blocks";
import { getDb, type Client } from "@/server/db/client";
import { processImage } from "@/server/images/pipeline";
import type { ProcessedImage } from "@/server/images/types";
import { renderReceiptJpeg } from "@/server/seed/receipt-image";
import { RECEIPT_TEMPLATES } from "@/server/seed/receipt-templates";
import {
  accessKeyOf,
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

const SUPPLIER = "11222333000181";
const OTHER_SUPPLIER = "45997418000153";
const DAY = "2026-10-10";
const HOUR = 3_600_000;
let serial = 1;

/** A block of `client` read as a note of `cnpj` with `valueCents` issued on `date`. */
async function readBlock(
  client: Client,
  p: { cnpj?: string; valueCents: number; date: string; sentHoursAgo: number; categorized?: { valueCents: number } },
) {
  const block = await createBlock({
    client,
    sentAt: new Date(Date.now() - p.sentHoursAgo * HOUR),
    ...(p.categorized
      ? { state: "categorized", paymentDate: new Date(`${p.date}T00:00:00Z`), valueCents: p.categorized.valueCents }
      : {}),
  });
  const cnpj = p.cnpj ?? SUPPLIER;
  await createFindings(block.documents[0], [
    fiscalFinding(accessKeyOf({ cnpj, model: "65", issuedOn: p.date, number: serial++ }), {
      source: "qrcode",
      date: p.date,
      valueCents: p.valueCents,
    }),
  ]);
  return block;
}

const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A block of `client` whose one document is `image`, stored with its photo hash as an upload is. */
async function photoBlock(client: Client, image: ProcessedImage, sentHoursAgo: number, hash = true) {
  const block = await createBlock({ client, images: [image], sentAt: new Date(Date.now() - sentHoursAgo * HOUR) });
  if (hash) {
    await getDb().document.update({ where: { id: block.documents[0].id }, data: { photoHash: image.photoHash } });
  }
  return block;
}

let owner: OperatorWithUser;
let alpha: Client;
let beta: Client;
const tokens = {} as Record<"owner" | "shared" | "colleague" | "otherOffice" | "company", string>;
const sv = {} as Record<
  "own" | "read" | "far" | "otherValue" | "otherSupplier" | "undone" | "devolved" | "betaTwin",
  CreatedBlock
>;
const ph = {} as Record<"original" | "reencoded" | "cropped" | "different" | "legacy", CreatedBlock>;
// One photo sent three times to a third client: read as two different notes, and once with nothing read.
const coded = {} as Record<"first" | "second" | "unread", CreatedBlock>;
let gamma: Client;
let differentDistance = 0;

beforeAll(async () => {
  const office = await createOffice();
  owner = await createAccountingOperator({ office, type: 0 });
  const shared = await createAccountingOperator({ office, type: 2 });
  const colleague = await createAccountingOperator({ office, type: 2 });
  alpha = await createClient({ office, responsible: owner });
  beta = await createClient({ office, responsible: owner });
  await shareClient({ client: alpha, operator: shared });
  const company = await createClientOperator({ client: alpha, type: 0 });
  const other = await createOffice();
  const otherOwner = await createAccountingOperator({ office: other, type: 0 });

  // "mesmo fornecedor e valor": a categorised block (its own value and date), and an uncategorised one
  // read 3 days later with the same value: each other's near duplicates. Around them, what is not.
  sv.own = await readBlock(alpha, {
    valueCents: 99_00,
    date: DAY,
    sentHoursAgo: 300,
    categorized: { valueCents: 150_00 },
  });
  sv.read = await readBlock(alpha, { valueCents: 150_00, date: shift(DAY, 3), sentHoursAgo: 290 });
  sv.far = await readBlock(alpha, { valueCents: 150_00, date: shift(DAY, -4), sentHoursAgo: 280 });
  sv.otherValue = await readBlock(alpha, { valueCents: 150_01, date: DAY, sentHoursAgo: 270 });
  sv.otherSupplier = await readBlock(alpha, { cnpj: OTHER_SUPPLIER, valueCents: 150_00, date: DAY, sentHoursAgo: 260 });
  sv.undone = await readBlock(alpha, { valueCents: 150_00, date: DAY, sentHoursAgo: 250 });
  await getDb().block.update({ where: { id: sv.undone.id }, data: { undoneAt: new Date() } });
  sv.devolved = await readBlock(alpha, { valueCents: 150_00, date: DAY, sentHoursAgo: 240 });
  await getDb().block.update({ where: { id: sv.devolved.id }, data: { devolvedAt: new Date() } });
  sv.betaTwin = await readBlock(beta, { valueCents: 150_00, date: DAY, sentHoursAgo: 230 });

  // "mesma foto": one receipt photographed, sent again re-encoded and cropped by 3% of each side; another
  // receipt of the same layout on another day; and the same photo stored before photos were hashed.
  const template = RECEIPT_TEMPLATES[0];
  const jpeg = await renderReceiptJpeg(template, new Date("2026-10-01T14:00:00Z"), 0);
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  const [dx, dy] = [Math.round(width * 0.03), Math.round(height * 0.03)];
  const [original, reencoded, cropped, different] = await Promise.all([
    processImage(jpeg),
    sharp(jpeg).jpeg({ quality: 60 }).toBuffer().then(processImage),
    sharp(jpeg)
      .extract({ left: dx, top: dy, width: width - 2 * dx, height: height - 2 * dy })
      .jpeg({ quality: 85 })
      .toBuffer()
      .then(processImage),
    renderReceiptJpeg(template, new Date("2026-10-20T09:30:00Z"), 3).then(processImage),
  ]);
  differentDistance = hammingDistance(original.photoHash, different.photoHash);
  ph.original = await photoBlock(alpha, original, 200);
  ph.reencoded = await photoBlock(alpha, reencoded, 190);
  ph.cropped = await photoBlock(alpha, cropped, 180);
  ph.different = await photoBlock(alpha, different, 170);
  ph.legacy = await photoBlock(alpha, original, 160, false);
  gamma = await createClient({ office, responsible: owner });
  coded.first = await photoBlock(gamma, original, 150);
  coded.second = await photoBlock(gamma, original, 140);
  coded.unread = await photoBlock(gamma, original, 130);
  for (const [block, number] of [
    [coded.first, 1],
    [coded.second, 2],
  ] as const) {
    const key = accessKeyOf({ cnpj: SUPPLIER, model: "65", issuedOn: DAY, number: 900 + number });
    await createFindings(block.documents[0], [
      fiscalFinding(key, { source: "qrcode", date: DAY, valueCents: number * 10_00 }),
    ]);
  }

  tokens.owner = await login(owner.user.email);
  tokens.shared = await login(shared.user.email);
  tokens.colleague = await login(colleague.user.email);
  tokens.otherOffice = await login(otherOwner.user.email);
  tokens.company = await login(company.user.email);
}, 90_000);

async function officeList(client = alpha): Promise<Map<number, Block>> {
  const res = await call<{ blocks: Record<string, Record<string, Record<string, Block[]>>> }>(listPost, {
    token: tokens.owner,
    body: { clientId: client.id },
  });
  expect(res.status).toBe(200);
  return new Map(
    Object.values(res.json.data!.blocks)
      .flatMap((months) => Object.values(months).flatMap((accounts) => Object.values(accounts).flat()))
      .map((block) => [block.id, blockSchema.parse(block)]),
  );
}

async function viewerReading(blockId: number) {
  const res = await call<BlockDocumentsAnswer>(documentsPost, { token: tokens.owner, body: { blockId } });
  expect(res.status).toBe(200);
  return blockDocumentsAnswer.parse(res.json.data).reading;
}

test("PostgreSQL's band expressions are the hash's bands", async () => {
  const hashes = [ph.original, ph.cropped].map(() => 0n);
  const stored = await getDb().document.findMany({
    where: { blockId: { in: [ph.original.id, ph.cropped.id] } },
    select: { photoHash: true },
  });
  hashes.splice(0, 2, ...stored.map((doc) => doc.photoHash!), -1n, BigInt.asIntN(64, 1n << 63n));
  for (const hash of hashes) {
    const [row] = await getDb().$queryRaw<{ bands: number[] }[]>`
      SELECT ARRAY[(${hash}::bigint & 8191)::int, ((${hash}::bigint >> 13) & 8191)::int,
                   ((${hash}::bigint >> 26) & 8191)::int, ((${hash}::bigint >> 39) & 8191)::int,
                   ((${hash}::bigint >> 52) & 8191)::int] AS bands`;
    expect(row.bands).toEqual(photoHashBands(hash));
  }
});

const reasons = (block: Block | undefined) => block?.reading?.duplicateReasons ?? [];

describe("mesmo fornecedor e valor em até 3 dias", () => {
  test("the categorised block (its own value and date) and the one read 3 days later flag each other", async () => {
    const blocks = await officeList();
    expect(reasons(blocks.get(sv.own.id))).toEqual([{ blockId: sv.read.id, reason: "supplier-value" }]);
    expect(reasons(blocks.get(sv.read.id))).toEqual([{ blockId: sv.own.id, reason: "supplier-value" }]);
    expect(blocks.get(sv.read.id)?.reading?.duplicateOf).toEqual([sv.own.id]);
    // The reading says what the document says; the rule compared the categorised block's own value.
    expect(blocks.get(sv.own.id)?.reading).toMatchObject({ value: "99.00", duplicateOf: [sv.read.id] });
  });

  test("not 4 days apart, another value, another supplier, another client, an undone or devolved block", async () => {
    const blocks = await officeList();
    for (const block of [sv.far, sv.otherValue, sv.otherSupplier]) {
      expect(blocks.get(block.id)?.reading?.duplicateOf).toEqual([]);
    }
    // The undone and devolved blocks (same value, same day as the categorised one) are never listed.
    for (const id of [sv.own.id, sv.read.id]) expect(blocks.get(id)?.reading?.duplicateOf).toHaveLength(1);
    expect(blocks.has(sv.undone.id)).toBe(false);
    expect(blocks.has(sv.devolved.id)).toBe(false);
    // beta's twin is beta's alone.
    const beta = await call<BlockDocumentsAnswer>(documentsPost, {
      token: tokens.owner,
      body: { blockId: sv.betaTwin.id },
    });
    expect(beta.json.data?.reading?.duplicateOf).toEqual([]);
  });

  test("the viewer's reading says the same", async () => {
    expect((await viewerReading(sv.read.id))?.duplicateReasons).toEqual([
      { blockId: sv.own.id, reason: "supplier-value" },
    ]);
  });
});

describe("mesma foto", () => {
  test("the re-encoded and the cropped copies are the same photo; the other receipt is not", async () => {
    expect(differentDistance).toBeGreaterThan(PHOTO_MATCH_DISTANCE);
    const blocks = await officeList();
    expect(reasons(blocks.get(ph.original.id))).toEqual([
      { blockId: ph.reencoded.id, reason: "photo" },
      { blockId: ph.cropped.id, reason: "photo" },
    ]);
    expect(reasons(blocks.get(ph.cropped.id))).toEqual([
      { blockId: ph.original.id, reason: "photo" },
      { blockId: ph.reencoded.id, reason: "photo" },
    ]);
    // Nothing was read off the photos: the reading only says the duplicates.
    expect(blocks.get(ph.original.id)?.reading).toMatchObject({ source: null, key: null, value: null });
    // Another receipt, and a photo stored before the hash (null): neither flagged nor flagging.
    expect(blocks.get(ph.different.id)?.reading).toBeNull();
    expect(blocks.get(ph.legacy.id)?.reading).toBeNull();
  });

  test("one photo read as two notes of different keys is two documents; unread, it matches both", async () => {
    const blocks = await officeList(gamma);
    expect(reasons(blocks.get(coded.first.id))).toEqual([{ blockId: coded.unread.id, reason: "photo" }]);
    expect(reasons(blocks.get(coded.second.id))).toEqual([{ blockId: coded.unread.id, reason: "photo" }]);
    expect(reasons(blocks.get(coded.unread.id))).toEqual([
      { blockId: coded.first.id, reason: "photo" },
      { blockId: coded.second.id, reason: "photo" },
    ]);
  });

  test("the categorization queue and the viewer carry the same reasons", async () => {
    expect((await viewerReading(ph.reencoded.id))?.duplicateReasons).toEqual([
      { blockId: ph.original.id, reason: "photo" },
      { blockId: ph.cropped.id, reason: "photo" },
    ]);
    const res = await call<ToCategorizeAnswer>(toCategorizePost, { token: tokens.owner, body: { clientId: alpha.id } });
    expect(res.status).toBe(200);
    // The oldest uncategorised block of alpha first: the one read 3 days after the categorised one.
    expect(res.json.data?.block?.id).toBe(sv.read.id);
    expect(res.json.data?.block?.reading?.duplicateReasons).toEqual([{ blockId: sv.own.id, reason: "supplier-value" }]);
  });
});

describe("POST /api/block/duplicate/dismiss", () => {
  const dismiss = (token: string, body: unknown) => call(dismissPost, { token, body });

  test("another office, a colleague without the client, the client company, two clients' blocks, a missing block", async () => {
    const body = { blockId: ph.original.id, otherBlockId: ph.cropped.id };
    expect((await dismiss(tokens.otherOffice, body)).status).toBe(404);
    expect((await dismiss(tokens.colleague, body)).status).toBe(404);
    expect((await dismiss(tokens.company, body)).status).toBe(403);
    expect((await dismiss(tokens.owner, { blockId: sv.own.id, otherBlockId: sv.betaTwin.id })).status).toBe(404);
    expect((await dismiss(tokens.owner, { blockId: sv.betaTwin.id, otherBlockId: sv.own.id })).status).toBe(404);
    expect((await dismiss(tokens.owner, { blockId: ph.original.id, otherBlockId: 2 ** 31 - 1 })).status).toBe(404);
    expect((await dismiss(tokens.owner, { blockId: sv.devolved.id, otherBlockId: sv.own.id })).status).toBe(404);
    expect(
      await getDb().blockDuplicateDismissal.count({ where: { blockId: { in: [ph.original.id, sv.own.id] } } }),
    ).toBe(0);
  });

  test.each([
    ["the same block twice", () => ({ blockId: ph.original.id, otherBlockId: ph.original.id }), "otherBlockId"],
    ["no other block", () => ({ blockId: ph.original.id }), "otherBlockId"],
    ["a zero id", () => ({ blockId: 0, otherBlockId: ph.original.id }), "blockId"],
    ["an id past int4", () => ({ blockId: ph.original.id, otherBlockId: 2 ** 31 }), "otherBlockId"],
    ["a text id", () => ({ blockId: String(ph.original.id), otherBlockId: ph.cropped.id }), "blockId"],
    ["a fraction", () => ({ blockId: ph.original.id, otherBlockId: 1.5 }), "otherBlockId"],
  ])("%s → 400 in pt-BR", async (_label, body, path) => {
    const res = await dismiss(tokens.owner, body());
    expect(res.status).toBe(400);
    expect(res.json.error?.fields?.map((field) => field.path)).toContain(path);
  });

  test("the same block twice says so", async () => {
    const res = await dismiss(tokens.owner, { blockId: ph.original.id, otherBlockId: ph.original.id });
    expect(res.json.error?.fields).toContainEqual({ path: "otherBlockId", message: blocksMessages.sameBlockTwice });
  });

  test("dismissed by an operator who shares the client: the pair leaves both readings, once in the audit", async () => {
    const res = await dismiss(tokens.shared, { blockId: ph.cropped.id, otherBlockId: ph.original.id });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ blockId: ph.cropped.id, otherBlockId: ph.original.id, dismissed: true });
    // Again, in either order: the same answer, nothing more written.
    expect((await dismiss(tokens.owner, { blockId: ph.original.id, otherBlockId: ph.cropped.id })).status).toBe(200);
    expect((await dismiss(tokens.shared, { blockId: ph.cropped.id, otherBlockId: ph.original.id })).status).toBe(200);
    expect(await getDb().blockDuplicateDismissal.findMany({ where: { blockId: ph.original.id } })).toEqual([
      expect.objectContaining({ blockId: ph.original.id, otherBlockId: ph.cropped.id }),
    ]);
    const events = await getDb().auditEvent.findMany({
      where: { action: "block.duplicate_dismiss", clientId: alpha.id },
    });
    expect(events).toHaveLength(1);

    const blocks = await officeList();
    expect(reasons(blocks.get(ph.original.id))).toEqual([{ blockId: ph.reencoded.id, reason: "photo" }]);
    expect(reasons(blocks.get(ph.cropped.id))).toEqual([{ blockId: ph.reencoded.id, reason: "photo" }]);
    // The third copy still sees both.
    expect(blocks.get(ph.reencoded.id)?.reading?.duplicateOf).toEqual([ph.original.id, ph.cropped.id]);
    expect((await viewerReading(ph.cropped.id))?.duplicateOf).toEqual([ph.reencoded.id]);
  });

  test("the last duplicate dismissed: a reading with nothing read is gone, one with a note keeps its data", async () => {
    expect((await dismiss(tokens.owner, { blockId: sv.read.id, otherBlockId: sv.own.id })).status).toBe(200);
    const blocks = await officeList();
    expect(blocks.get(sv.read.id)?.reading).toMatchObject({ source: "qrcode", duplicateOf: [], duplicateReasons: [] });
    expect(blocks.get(sv.own.id)?.reading?.duplicateOf).toEqual([]);
    for (const other of [ph.original, ph.cropped]) {
      expect((await dismiss(tokens.owner, { blockId: ph.reencoded.id, otherBlockId: other.id })).status).toBe(200);
    }
    expect(await viewerReading(ph.reencoded.id)).toBeNull();
  });
});
