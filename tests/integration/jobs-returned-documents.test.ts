// The returned-documents-delete job: a returned document is deleted — row and
// blobs — once its deadline (00:00 São Paulo of the return day + 7 days) has come, with the clock moved
// instead of waited for. Documents restored since, or not returned, stay. Each test uses its own blob
// folder, so nothing here touches another file's blobs.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DAY_MS, MINUTE_MS } from "@/lib/constants";
import { returnedDocumentDeadline } from "@/lib/format/deadline";
import { getDb } from "@/server/db/client";
import { deleteExpiredReturnedDocuments } from "@/server/jobs/returned-documents";
import type { BlobStore } from "@/server/storage";
import { createLocalBlobStore } from "@/server/storage/local-blob-store";
import { createBlock, createClient, createDocument } from "../helpers/factories";
import { captureLog } from "../helpers/log";

let folder: string;
let store: BlobStore;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "bloco-returned-"));
  store = createLocalBlobStore(folder);
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** A devolved block of `documents` pictures, returned at `devolvedAt`. */
async function returned(devolvedAt: Date, documents = 2) {
  const client = await createClient();
  const block = await createBlock({
    client,
    state: "devolved",
    devolvedAt,
    sentAt: new Date(devolvedAt.getTime() - DAY_MS),
    documents,
    store,
  });
  return { client, block, documents: block.documents };
}

const keysOf = (docs: { displayKey: string | null; thumbKey: string | null }[]) =>
  docs.flatMap((d) => [d.displayKey!, d.thumbKey!]);
const stored = async (keys: string[]) =>
  (await Promise.all(keys.map((key) => store.exists(key)))).filter(Boolean).length;
const remaining = (ids: number[]) => getDb().document.count({ where: { id: { in: ids } } });

test("with the clock moved 7 days ahead, a returned document is gone: its row, its blobs, with one audit event", async () => {
  const devolvedAt = new Date();
  const { client, documents } = await returned(devolvedAt, 3);
  const keys = keysOf(documents);
  expect(await stored(keys)).toBe(6);

  const today = await deleteExpiredReturnedDocuments({ now: devolvedAt, store });
  expect(today.documents).toBe(0);
  expect(await remaining(documents.map((d) => d.id))).toBe(3);

  const result = await deleteExpiredReturnedDocuments({ now: new Date(devolvedAt.getTime() + 7 * DAY_MS), store });
  expect(result).toMatchObject({ blobFailures: 0 });
  expect(result.documents).toBeGreaterThanOrEqual(3);
  expect(await remaining(documents.map((d) => d.id))).toBe(0);
  expect(await stored(keys)).toBe(0);
  const events = await getDb().auditEvent.findMany({ where: { clientId: client.id, action: "document.expire" } });
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({
    actorUserId: null,
    officeId: client.officeId,
    targetType: "client",
    targetId: String(client.id),
  });
  expect((events[0]!.data as { documentIds: number[] }).documentIds.sort()).toEqual(documents.map((d) => d.id).sort());
  // The block stays (the office's history); it simply has no documents left.
  expect(await getDb().block.count({ where: { id: documents[0]!.blockId! } })).toBe(1);
});

test("the boundary: one minute before the deadline the document is kept, at the deadline it is deleted", async () => {
  // 23:30 in São Paulo (02:30 UTC the next day): the return day is São Paulo's, not UTC's.
  const devolvedAt = new Date("2026-03-10T02:30:00Z");
  const { documents } = await returned(devolvedAt, 1);
  const deadline = returnedDocumentDeadline(devolvedAt);
  expect(deadline.toISOString()).toBe("2026-03-16T03:00:00.000Z"); // 00:00 of 16/03 in São Paulo
  const ids = documents.map((d) => d.id);

  await deleteExpiredReturnedDocuments({ now: new Date(deadline.getTime() - MINUTE_MS), store });
  expect(await remaining(ids)).toBe(1);
  await deleteExpiredReturnedDocuments({ now: new Date(deadline.getTime() - 1), store });
  expect(await remaining(ids)).toBe(1);
  await deleteExpiredReturnedDocuments({ now: deadline, store });
  expect(await remaining(ids)).toBe(0);
  expect(await stored(keysOf(documents))).toBe(0);
});

test("restored documents, gallery documents and documents of open blocks are kept; one returned again after a restore is deleted", async () => {
  const longAgo = new Date(Date.now() - 30 * DAY_MS);
  const client = await createClient();
  const restored = await createDocument({
    client,
    store,
    devolvedAt: longAgo,
    restoredAt: new Date(longAgo.getTime() + DAY_MS),
    rescued: true,
  });
  const gallery = await createDocument({ client, store, createdAt: longAgo });
  const open = await createBlock({ client, state: "uncategorized", sentAt: longAgo, store });
  // Restored, sent again in a new block, and returned again later: its last return counts.
  const returnedAgain = await createDocument({
    client,
    store,
    devolvedAt: new Date(longAgo.getTime() + 3 * DAY_MS),
    restoredAt: new Date(longAgo.getTime() + DAY_MS),
  });

  await deleteExpiredReturnedDocuments({ store });

  const kept = [restored.id, gallery.id, ...open.documents.map((d) => d.id)];
  expect(await remaining(kept)).toBe(kept.length);
  expect(await stored(keysOf([restored, gallery, ...open.documents]))).toBe(2 * kept.length);
  expect(await remaining([returnedAgain.id])).toBe(0);
});

test("it works through more documents than one batch, and a run that finds nothing does nothing", async () => {
  const devolvedAt = new Date(Date.now() - 10 * DAY_MS);
  const { documents } = await returned(devolvedAt, 5);
  const result = await deleteExpiredReturnedDocuments({ store, batchSize: 2 });
  expect(result.documents).toBeGreaterThanOrEqual(5);
  expect(await remaining(documents.map((d) => d.id))).toBe(0);
  expect(await deleteExpiredReturnedDocuments({ store })).toEqual({ documents: 0, blobs: 0, blobFailures: 0 });
});

test("a blob the store fails to delete is counted and left for the orphan sweep; the rows still go", async () => {
  const { documents } = await returned(new Date(Date.now() - 10 * DAY_MS), 1);
  const failing: BlobStore = { ...store, delete: async () => Promise.reject(new Error("disco indisponível")) };
  const log = captureLog();
  try {
    const result = await deleteExpiredReturnedDocuments({ store: failing });
    expect(result).toMatchObject({ documents: 1, blobs: 0, blobFailures: 2 });
    expect(log.lines.filter((line) => line.msg === "could not delete a blob")).toHaveLength(2);
  } finally {
    log.restore();
  }
  expect(await remaining(documents.map((d) => d.id))).toBe(0);
  expect(await stored(keysOf(documents))).toBe(2);
});
