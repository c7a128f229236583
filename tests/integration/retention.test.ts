// Retention: the retention-delete job on a moved clock (the files of a document of year Y go on
// 1 January of Y + N + 2 in São Paulo; the rows, the postings and their history stay; a held client, a
// returned document, a gallery document and another office's documents are untouched), and the routes
// POST /api/accounting/retention and POST /api/client/retention with their permission matrix.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { POST as retentionPost } from "@/app/api/accounting/retention/route";
import { POST as holdPost } from "@/app/api/client/retention/route";
import { POST as tokenPost } from "@/app/api/token/route";
import { getDb, type Client, type Document } from "@/server/db/client";
import { deleteRetainedFiles } from "@/server/jobs/retention";
import type { BlobStore } from "@/server/storage";
import { createLocalBlobStore } from "@/server/storage/local-blob-store";
import {
  createAccountingOperator,
  createBlock,
  createClient,
  createClientOperator,
  createDocument,
  createOffice,
  shareClient,
} from "../helpers/factories";
import { call } from "../helpers/http";

let folder: string;
let store: BlobStore;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "bloco-retention-"));
  store = createLocalBlobStore(folder);
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const login = async (email: string) =>
  (await call<{ access: string }>(tokenPost, { body: { username: email, password: "demo1234" } })).json.data!.access;

const keysOf = (docs: Document[]) =>
  docs.flatMap((d) => [d.displayKey, d.thumbKey, d.sourceKey]).filter((k): k is string => k !== null);
const stored = async (keys: string[]) =>
  (await Promise.all(keys.map((key) => store.exists(key)))).filter(Boolean).length;
const reload = (docs: Document[]) =>
  getDb().document.findMany({ where: { id: { in: docs.map((d) => d.id) } }, orderBy: { id: "asc" } });

const contabilized = (client: Client, paymentDay: string, sentAt: Date, documents = 1) =>
  createBlock({
    client,
    store,
    state: "contabilized",
    paymentDate: new Date(`${paymentDay}T00:00:00Z`),
    valueCents: 12345,
    sentAt,
    documents,
  });

describe("the retention-delete job", () => {
  test("on 1 January of Y + N + 2 (São Paulo) the files go; rows, postings and their history stay; held clients, returned and gallery documents and other offices are untouched", async () => {
    const db = getDb();
    const office = await createOffice();
    const otherOffice = await createOffice();
    await db.accountingOffice.update({ where: { id: otherOffice.id }, data: { retentionYears: 7 } });
    const client = await createClient({ office });
    const held = await createClient({ office });
    const other = await createClient({ office: otherOffice });

    // Of 2026: contabilised, paid on 31/12/2026 and sent in 2027 (the payment date decides).
    const paid2026 = await contabilized(client, "2026-12-31", new Date("2027-01-05T12:00:00Z"), 2);
    // Of 2026: never contabilised, sent at 23:00 of 31/12/2026 in São Paulo (02:00 UTC of 2027).
    const sent2026 = await createBlock({
      client,
      store,
      state: "uncategorized",
      sentAt: new Date("2027-01-01T02:00:00Z"),
    });
    // Of 2027: paid in 2027 though sent in 2026; and sent at 00:30 of 01/01/2027 in São Paulo.
    const paid2027 = await contabilized(client, "2027-01-02", new Date("2026-12-20T12:00:00Z"));
    const sent2027 = await createBlock({
      client,
      store,
      state: "uncategorized",
      sentAt: new Date("2027-01-01T03:30:00Z"),
    });
    // Returned (its 7 days are another job's), and a gallery document never sent.
    const returned = await createBlock({
      client,
      store,
      state: "devolved",
      sentAt: new Date("2020-03-01T12:00:00Z"),
      devolvedAt: new Date("2020-03-02T12:00:00Z"),
    });
    const gallery = await createDocument({ client, store, createdAt: new Date("2020-01-10T12:00:00Z") });
    const heldBlock = await contabilized(held, "2020-05-05", new Date("2020-05-06T12:00:00Z"));
    await db.client.update({ where: { id: held.id }, data: { retentionHoldAt: new Date("2032-06-01T12:00:00Z") } });
    const otherBlock = await contabilized(other, "2026-06-01", new Date("2026-06-02T12:00:00Z"));

    const expiring = [...paid2026.documents, ...sent2026.documents];
    const kept = [
      ...paid2027.documents,
      ...sent2027.documents,
      ...returned.documents,
      gallery,
      ...heldBlock.documents,
      ...otherBlock.documents,
    ];
    expect(await stored(keysOf(expiring))).toBe(2 * expiring.length);
    const postingsBefore = await db.block.findMany({
      where: { id: { in: [paid2026.id, sent2026.id] } },
      orderBy: { id: "asc" },
    });
    const eventsBefore = await db.auditEvent.count({ where: { blockId: { in: [paid2026.id, sent2026.id] } } });

    // 23:59 of 31/12/2032 in São Paulo: nothing of 2026 is due yet.
    const before = await deleteRetainedFiles({ now: new Date("2033-01-01T02:59:00Z"), store });
    expect(before.documents).toBe(0);
    expect(await stored(keysOf(expiring))).toBe(2 * expiring.length);

    // 00:00 of 01/01/2033 in São Paulo: 2026 + 5 + 2.
    const run = await deleteRetainedFiles({ now: new Date("2033-01-01T03:00:00Z"), store });
    expect(run).toMatchObject({ documents: expiring.length, blobs: 2 * expiring.length, blobFailures: 0 });
    expect(await stored(keysOf(expiring))).toBe(0);
    for (const doc of await reload(expiring)) {
      expect(doc).toMatchObject({ displayKey: null, thumbKey: null, sourceKey: null, blockId: expect.any(Number) });
      expect(doc.filesDeletedAt).toEqual(new Date("2033-01-01T03:00:00Z"));
    }
    // The postings are exactly as they were, and so is their history.
    expect(
      await db.block.findMany({ where: { id: { in: [paid2026.id, sent2026.id] } }, orderBy: { id: "asc" } }),
    ).toEqual(postingsBefore);
    expect(await db.auditEvent.count({ where: { blockId: { in: [paid2026.id, sent2026.id] } } })).toBe(eventsBefore);
    // Everything else keeps its files.
    expect(await stored(keysOf(kept))).toBe(2 * kept.length);
    expect((await reload(kept)).every((doc) => doc.filesDeletedAt === null)).toBe(true);

    // Recorded: the run, and one event per client naming its documents.
    const row = await db.retentionRun.findUniqueOrThrow({ where: { id: run.runId } });
    expect(row).toMatchObject({ year: 2033, documents: expiring.length, blobs: 2 * expiring.length, blobFailures: 0 });
    expect(row.finishedAt).not.toBeNull();
    const events = await db.auditEvent.findMany({ where: { action: "document.retention", clientId: client.id } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorUserId: null, officeId: office.id, targetId: String(client.id) });
    expect((events[0]!.data as { documentIds: number[] }).documentIds.sort()).toEqual(expiring.map((d) => d.id).sort());
    expect(await db.auditEvent.count({ where: { action: "document.retention", clientId: held.id } })).toBe(0);

    // A second run finds nothing more; lifting the hold lets the held client's files go on the next.
    expect((await deleteRetainedFiles({ now: new Date("2033-01-02T03:00:00Z"), store })).documents).toBe(0);
    await db.client.update({ where: { id: held.id }, data: { retentionHoldAt: null } });
    const lifted = await deleteRetainedFiles({ now: new Date("2033-01-02T03:00:00Z"), store });
    expect(lifted.documents).toBe(heldBlock.documents.length);
    expect(await stored(keysOf(heldBlock.documents))).toBe(0);
    // The other office keeps 7 years: its 2026 document goes on 1 January 2035, not before.
    expect(await stored(keysOf(otherBlock.documents))).toBe(2);
    await deleteRetainedFiles({ now: new Date("2035-01-01T02:59:00Z"), store });
    expect(await stored(keysOf(otherBlock.documents))).toBe(2);
    await deleteRetainedFiles({ now: new Date("2035-01-01T03:00:00Z"), store });
    expect(await stored(keysOf(otherBlock.documents))).toBe(0);
    // The returned document's and the gallery's files are never the retention job's.
    expect(await stored(keysOf([...returned.documents, gallery]))).toBe(4);
  });

  test("a longer policy keeps the files longer; more documents than one batch are all handled", async () => {
    const db = getDb();
    const office = await createOffice();
    await db.accountingOffice.update({ where: { id: office.id }, data: { retentionYears: 6 } });
    const client = await createClient({ office });
    const block = await contabilized(client, "2021-03-10", new Date("2021-03-11T12:00:00Z"), 5);
    await deleteRetainedFiles({ now: new Date("2028-06-01T12:00:00Z"), store }); // 2021 + 5 + 2: not for 6 years
    expect(await stored(keysOf(block.documents))).toBe(10);
    const run = await deleteRetainedFiles({ now: new Date("2029-01-01T03:00:00Z"), store, batchSize: 2 });
    expect(run.documents).toBeGreaterThanOrEqual(5);
    expect(await stored(keysOf(block.documents))).toBe(0);
  });
});

type Who = "owner" | "admin" | "responsible" | "shared" | "outsider" | "otherOffice" | "company" | "otherCompany";
const t = {} as Record<Who, string>;
let alpha: Client;
let otherClient: Client;
let officeId: number;

describe("the routes", () => {
  beforeAll(async () => {
    const office = await createOffice();
    officeId = office.id;
    const owner = await createAccountingOperator({ office, type: 0 });
    const admin = await createAccountingOperator({ office, type: 1 });
    const responsible = await createAccountingOperator({ office, type: 2 });
    const shared = await createAccountingOperator({ office, type: 2 });
    const outsider = await createAccountingOperator({ office, type: 2 });
    const otherOwner = await createAccountingOperator({ type: 0 });
    alpha = await createClient({ office, responsible });
    await shareClient({ client: alpha, operator: shared });
    otherClient = await createClient({ responsible: otherOwner });
    Object.assign(t, {
      owner: await login(owner.user.email),
      admin: await login(admin.user.email),
      responsible: await login(responsible.user.email),
      shared: await login(shared.user.email),
      outsider: await login(outsider.user.email),
      otherOffice: await login(otherOwner.user.email),
      company: await login((await createClientOperator({ client: alpha, type: 0 })).user.email),
      otherCompany: await login((await createClientOperator({ client: otherClient, type: 0 })).user.email),
    });
  }, 60_000);

  describe("POST /api/accounting/retention", () => {
    test("the owner reads the default 5 years and saves 8, recorded once; the same value again records nothing", async () => {
      const read = await call(retentionPost, { token: t.owner, body: {} });
      expect(read.status).toBe(200);
      expect(read.json.data).toEqual({ years: 5, minYears: 5, maxYears: 50 });
      const saved = await call(retentionPost, { token: t.owner, body: { years: 8 } });
      expect(saved.json.data).toEqual({ years: 8, minYears: 5, maxYears: 50 });
      await call(retentionPost, { token: t.owner, body: { years: 8 } });
      const events = await getDb().auditEvent.findMany({ where: { officeId, action: "office.retention" } });
      expect(events).toHaveLength(1);
      expect(events[0]!.data).toEqual({ from: 5, to: 8 });
      // Another office keeps its own policy.
      expect((await call(retentionPost, { token: t.otherOffice, body: {} })).json.data).toMatchObject({ years: 5 });
    });

    test.each([
      ["below 5 years", { years: 4 }],
      ["a fraction", { years: 5.5 }],
      ["a text", { years: "7" }],
      ["above 50 years", { years: 51 }],
    ])("400: %s, nothing saved", async (_name, body) => {
      const res = await call(retentionPost, { token: t.owner, body });
      expect(res.status).toBe(400);
      expect(res.json.error?.fields).toEqual([{ path: "years", message: "Informe um número inteiro de 5 a 50 anos." }]);
      const office = await getDb().accountingOffice.findUniqueOrThrow({ where: { id: officeId } });
      expect(office.retentionYears).not.toBe(4);
    });

    test.each(["admin", "responsible", "company"] as const)("403 for %s, reading or saving", async (who) => {
      expect((await call(retentionPost, { token: t[who], body: {} })).status).toBe(403);
      expect((await call(retentionPost, { token: t[who], body: { years: 9 } })).status).toBe(403);
    });

    test("401 without a token", async () => {
      expect((await call(retentionPost, { body: {} })).status).toBe(401);
    });
  });

  describe("POST /api/client/retention", () => {
    test("the responsible sets the hold, those who see the client read it, the owner lifts it; each change recorded", async () => {
      const unset = await call(holdPost, { token: t.shared, body: { clientId: alpha.id } });
      expect(unset.status).toBe(200);
      expect(unset.json.data).toEqual({ held: false, since: null });
      const set = await call<{ held: boolean; since: string }>(holdPost, {
        token: t.responsible,
        body: { clientId: alpha.id, held: true },
      });
      expect(set.json.data).toMatchObject({ held: true, since: expect.any(String) });
      // Asking again for the same state keeps the first instant and records nothing.
      const again = await call(holdPost, { token: t.shared, body: { clientId: alpha.id, held: true } });
      expect(again.json.data).toEqual(set.json.data);
      expect((await call(holdPost, { token: t.owner, body: { clientId: alpha.id } })).json.data).toEqual(set.json.data);
      const lifted = await call(holdPost, { token: t.owner, body: { clientId: alpha.id, held: false } });
      expect(lifted.json.data).toEqual({ held: false, since: null });
      const events = await getDb().auditEvent.findMany({
        where: { clientId: alpha.id, action: "client.retention_hold" },
        orderBy: { id: "asc" },
      });
      expect(events.map((e) => e.data)).toEqual([{ held: true }, { held: false }]);
    });

    test.each([
      ["a text for held", { held: "sim" }, "held"],
      ["no clientId", { clientId: undefined, held: true }, "clientId"],
      ["a clientId past 2^31", { clientId: 2 ** 31 }, "clientId"],
    ])("400: %s", async (_name, change, field) => {
      const res = await call(holdPost, { token: t.responsible, body: { clientId: alpha.id, ...change } });
      expect(res.status).toBe(400);
      expect(res.json.error?.fields?.map((f) => f.path)).toContain(field);
    });

    test.each(["outsider", "otherOffice", "otherCompany"] as const)("404 for %s, nothing changed", async (who) => {
      const res = await call(holdPost, { token: t[who], body: { clientId: alpha.id, held: true } });
      expect(res.status).toBe(404);
      const row = await getDb().client.findUniqueOrThrow({ where: { id: alpha.id } });
      expect(row.retentionHoldAt).toBeNull();
    });

    test("403 for the client's own company user", async () => {
      expect((await call(holdPost, { token: t.company, body: { clientId: alpha.id, held: true } })).status).toBe(403);
    });
  });
});
