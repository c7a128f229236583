// The document-read job (server/documents/read-document.ts) on stored photos: a boleto's barcode and an
// NFC-e's QR code become findings rows (their source, code and Finding) and the document is marked read;
// a second run changes nothing; a receipt without a code is read by OCR; a photo without a code or text
// is read and has none. The sweep sends a read for
// every unread document only, and the ingest paths (block/create, pendency/solve) send one for each new
// photo once committed.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { POST as createPost } from "@/app/api/block/create/route";
import { POST as solvePost } from "@/app/api/pendency/solve/route";
import { getDb } from "@/server/db/client";
import { stopOcr } from "@/server/fiscal/ocr";
import { readDocument, sweepUnreadDocuments, SWEEP_GRACE_MS } from "@/server/documents/read-document";
import { processImage } from "@/server/images/pipeline";
import { QUEUES, READ_PRIORITY } from "@/server/queue/queues";
import { setJobSender } from "@/server/queue/sender";
import { findingSchema } from "@/lib/fiscal/finding-schema";
import { printedReceipt } from "@/scripts/ocr-receipts/receipt";
import { createRandom } from "@/server/seed/random";
import { BOLETO, codePage, NFCE_KEY, NFCE_QR } from "../helpers/code-pages";
import { createBlock, createClient, createDocument } from "../helpers/factories";
import { call } from "../helpers/http";
import { buildBusinessWorld, photo, type BusinessPerson, type BusinessWorld } from "./business-writes-world";
import { cleanUpRunnersAfterEachTest, sql, startRunner, stopRunners, waitFor } from "./jobs-support";

process.env.DATA_DIR = path.join(tmpdir(), `bloco-document-read-${randomBytes(4).toString("hex")}`);
// A photo without a code is read by OCR: its worker ends with the file.
afterAll(async () => {
  await stopOcr();
  await rm(process.env.DATA_DIR!, { recursive: true, force: true });
});

cleanUpRunnersAfterEachTest();
// pg-boss's schema, made by its first start: the clean-up after each test empties its tables.
beforeAll(async () => {
  await startRunner();
  await stopRunners();
});
afterEach(() => setJobSender(null));

// The boleto's due-date factor names 2026-03-31 in the cycle nearest this day.
const NOW = new Date("2026-03-16T15:00:00Z");
const db = () => getDb();
const findingsOf = (documentId: number) =>
  db().documentFinding.findMany({ where: { documentId }, orderBy: { position: "asc" } });

async function storedPhoto(page: Buffer) {
  const client = await createClient();
  return createDocument({ client, image: await processImage(page), readAt: null });
}

describe("readDocument", () => {
  test("a boleto's barcode: one finding with its payment; read once", async () => {
    const doc = await storedPhoto(await codePage({ bcid: "interleaved2of5", text: BOLETO }));
    expect(doc.readAt).toBeNull();
    expect(await readDocument(doc.id, { now: NOW })).toBe("read");
    const rows = await findingsOf(doc.id);
    expect(rows).toEqual([
      expect.objectContaining({
        clientId: doc.clientId,
        position: 0,
        source: "barcode",
        code: BOLETO,
        marks: [],
        finding: {
          kind: "payment",
          source: "barcode",
          code: { kind: "boleto", barcode: BOLETO, bank: "237", dueDate: "2026-03-31", valueCents: 123_456 },
        },
      }),
    ]);
    const read = await db().document.findUniqueOrThrow({ where: { id: doc.id } });
    expect(read.readAt?.toISOString()).toBe(NOW.toISOString());
    // Again: nothing changes.
    expect(await readDocument(doc.id, { now: new Date() })).toBe("already read");
    expect(await findingsOf(doc.id)).toHaveLength(1);
    expect((await db().document.findUniqueOrThrow({ where: { id: doc.id } })).readAt).toEqual(read.readAt);
  }, 60_000);

  test("an NFC-e's QR code: its key, day and total", async () => {
    const doc = await storedPhoto(await codePage({ bcid: "qrcode", text: NFCE_QR, module: 4 }));
    expect(await readDocument(doc.id, { now: NOW })).toBe("read");
    const rows = await findingsOf(doc.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: "qrcode", code: NFCE_KEY });
    expect(rows[0].finding).toEqual({
      kind: "fiscal",
      source: "qrcode",
      key: NFCE_KEY,
      model: "65",
      cnpj: NFCE_KEY.slice(6, 20),
      supplierName: null,
      date: "2026-03-14",
      valueCents: 8990,
    });
  }, 60_000);

  test("a receipt without a code: read by OCR (total, date, CNPJ, supplier, confidence); the block's supplier and reading follow", async () => {
    const receipt = await printedReceipt(createRandom(11), "2026-03-16");
    const client = await createClient();
    const block = await createBlock({ client, state: "uncategorized" });
    const doc = await createDocument({ client, block, image: await processImage(receipt.jpeg), readAt: null });
    expect(await readDocument(doc.id, { now: NOW })).toBe("read");
    const [row, ...more] = await findingsOf(doc.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ source: "ocr", code: null, clientId: client.id });
    const finding = findingSchema.parse(row!.finding);
    expect(finding).toEqual({
      kind: "ocr",
      source: "ocr",
      cnpj: receipt.cnpj,
      supplierName: receipt.supplierName,
      date: receipt.date,
      valueCents: receipt.valueCents,
      confidence: expect.any(Number),
    });
    if (finding.kind === "ocr") expect(finding.confidence).toBeGreaterThan(0.5);
    // The CNPJ is the block's supplier, as a fiscal document's is (the account suggestion keys on it).
    expect((await db().block.findUniqueOrThrow({ where: { id: block.id } })).supplierTaxId).toBe(receipt.cnpj);
  }, 120_000);

  test("a photo without a code: read, no findings", async () => {
    const doc = await storedPhoto(await codePage());
    expect(await readDocument(doc.id, { now: NOW })).toBe("read");
    expect(await findingsOf(doc.id)).toEqual([]);
    expect((await db().document.findUniqueOrThrow({ where: { id: doc.id } })).readAt).not.toBeNull();
    expect(await readDocument(-1)).toBe("gone");
  }, 60_000);
});

const readJobs = () =>
  sql<{ documentId: number; priority: number }>(
    `SELECT (data->>'documentId')::int AS "documentId", priority FROM pgboss.job WHERE name = $1`,
    [QUEUES.documentRead],
  );

test("the sweep sends a read for each unread document, none for a read or a deleted one", async () => {
  const runner = await startRunner();
  const block = await createBlock({ documents: 3, readAt: null });
  const [unread, read, deleted] = block.documents;
  await db().document.update({ where: { id: read.id }, data: { readAt: new Date() } });
  await db().document.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
  const gallery = await createDocument({ client: { id: block.clientId } as never, readAt: null });
  // Stored a moment ago: its own read was queued by the commit that stored it; the sweep leaves it.
  await sweepUnreadDocuments(runner.boss);
  expect((await readJobs()).map((job) => job.documentId)).not.toContain(gallery.id);
  const later = new Date(Date.now() + SWEEP_GRACE_MS + 60_000);
  const sent = await sweepUnreadDocuments(runner.boss, db(), later);
  const jobs = await readJobs();
  const ids = jobs.map((job) => job.documentId);
  expect(sent).toBe(jobs.length);
  expect(ids).toEqual(expect.arrayContaining([unread.id, gallery.id]));
  expect(ids).not.toContain(read.id);
  expect(ids).not.toContain(deleted.id);
  expect(jobs.every((job) => job.priority === READ_PRIORITY.backfill)).toBe(true);
  // Every unread, live document of the database, once each.
  const unreadCount = await db().document.count({ where: { readAt: null, deletedAt: null } });
  expect(new Set(ids).size).toBe(unreadCount);
  // Sent again: still one waiting read per document.
  await sweepUnreadDocuments(runner.boss, db(), later);
  expect(await readJobs()).toHaveLength(jobs.length);
}, 60_000);

describe("new photos are sent to be read once committed", () => {
  let world: BusinessWorld;
  let tokens: Record<BusinessPerson, string>;
  beforeAll(async () => {
    ({ world, tokens } = await buildBusinessWorld());
  });

  test("POST /api/block/create: a read per new photo, ahead of the backfill", async () => {
    const runner = await startRunner();
    setJobSender(runner.boss);
    const res = await call<{ id: number }>(createPost, {
      body: [await photo(), await photo()],
      token: tokens.regularAlpha,
      path: "/api/block/create",
    });
    expect(res.status).toBe(200);
    const documents = await db().document.findMany({ where: { blockId: res.json.data!.id }, select: { id: true } });
    expect(documents).toHaveLength(2);
    const jobs = await waitFor(async () => {
      const found = (await readJobs()).filter((job) => documents.some((doc) => doc.id === job.documentId));
      return found.length === 2 && found;
    }, "the reads of the new photos");
    expect(jobs.every((job) => job.priority === READ_PRIORITY.new)).toBe(true);
  }, 60_000);

  test("POST /api/pendency/solve: a read for the photo it adds", async () => {
    const runner = await startRunner();
    setJobSender(runner.boss);
    const block = await createBlock({ client: world.alpha, sentBy: world.regularAlpha, state: "pendency" });
    const before = new Set(block.documents.map((doc) => doc.id));
    const res = await call(solvePost, {
      body: { pendencyId: block.pendencies[0].id, documents: [await photo()] },
      token: tokens.regularAlpha,
      path: "/api/pendency/solve",
    });
    expect(res.status).toBe(200);
    const added = (await db().document.findMany({ where: { blockId: block.id }, select: { id: true } })).filter(
      (doc) => !before.has(doc.id),
    );
    expect(added).toHaveLength(1);
    await waitFor(
      async () => (await readJobs()).some((job) => job.documentId === added[0].id),
      "the read of the added photo",
    );
  }, 60_000);
});
