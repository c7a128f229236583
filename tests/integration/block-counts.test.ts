// The badge counts kept by the triggers on blocks (migration client_block_counts: a month's
// list reads two integers however long the client's history). After every kind of write — inserts,
// updates of each state column, deletes, several clients in one statement, concurrent transactions,
// a rolled-back one — the kept counts must equal a recount of the blocks; and through the API, a send,
// a categorization and a posting.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { POST as createPost } from "@/app/api/block/create/route";
import { POST as savePost } from "@/app/api/block/save/route";
import { POST as contabilizePost } from "@/app/api/block/contabilize/route";
import { POST as syncPost } from "@/app/api/operator/sync/contabilize/route";
import type { SentBlock } from "@/lib/contract/business";
import { currentYearMonth } from "@/lib/format/dates";
import { getDb } from "@/server/db/client";
import {
  createAccount,
  createAccountingOperator,
  createBlock,
  createClient,
  createClientOperator,
  createOffice,
  createPendency,
  type CreatedBlock,
} from "../helpers/factories";
import { call } from "../helpers/http";
import { photo } from "./business-writes-world";
import { loginAll } from "./world";

process.env.DATA_DIR = path.join(tmpdir(), `bloco-block-counts-${randomBytes(4).toString("hex")}`);
afterAll(() => rm(process.env.DATA_DIR!, { recursive: true, force: true }));

type Counts = { uncategorized: number; uncontabilized: number };

async function kept(clientId: number): Promise<Counts> {
  const row = await getDb().clientBlockCount.findUnique({ where: { clientId } });
  return { uncategorized: row?.uncategorized ?? 0, uncontabilized: row?.uncontabilized ?? 0 };
}

async function recount(clientId: number): Promise<Counts> {
  const open = {
    clientId,
    contabilizedAt: null,
    devolvedAt: null,
    undoneAt: null,
    pendencies: { none: { solvedAt: null } },
  };
  const [uncategorized, uncontabilized] = await Promise.all([
    getDb().block.count({ where: { ...open, accountId: null } }),
    getDb().block.count({ where: { ...open, accountId: { not: null } } }),
  ]);
  return { uncategorized, uncontabilized };
}

async function expectAgree(...clientIds: number[]): Promise<void> {
  for (const id of clientIds) expect(await kept(id)).toEqual(await recount(id));
}

let office: Awaited<ReturnType<typeof createOffice>>;
let account: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  office = await createOffice();
  account = await createAccount({ office });
});

test("inserts of every state count their open blocks only", async () => {
  const client = await createClient({ office });
  await createBlock({ client });
  await createBlock({ client });
  await createBlock({
    client,
    state: "categorized",
    account,
    paymentDate: new Date(Date.UTC(2025, 0, 5)),
    valueCents: 100,
  });
  await createBlock({
    client,
    state: "contabilized",
    account,
    paymentDate: new Date(Date.UTC(2025, 0, 5)),
    valueCents: 100,
  });
  expect(await kept(client.id)).toEqual({ uncategorized: 2, uncontabilized: 1 });
  await expectAgree(client.id);
});

test("updates of each state column move the counts, one row or many, one client or several in one statement", async () => {
  const a = await createClient({ office });
  const b = await createClient({ office });
  const blocks: CreatedBlock[] = [];
  for (const client of [a, b, a, b, a, b]) blocks.push(await createBlock({ client }));
  const ids = blocks.map((block) => block.id);
  const db = getDb();
  // Categorise all six at once (two clients in one statement).
  await db.block.updateMany({
    where: { id: { in: ids } },
    data: { accountId: account.id, paymentDate: new Date(Date.UTC(2025, 1, 1)), valueCents: 5 },
  });
  expect(await kept(a.id)).toEqual({ uncategorized: 0, uncontabilized: 3 });
  await expectAgree(a.id, b.id);
  // Contabilise one, devolve one, undo one, take an account back from one; a write that changes no count.
  await db.block.update({ where: { id: ids[0] }, data: { contabilizedAt: new Date() } });
  await db.block.update({ where: { id: ids[1] }, data: { devolvedAt: new Date() } });
  await db.block.update({ where: { id: ids[2] }, data: { undoneAt: new Date() } });
  await db.block.update({ where: { id: ids[3] }, data: { accountId: null } });
  await db.block.update({ where: { id: ids[4] }, data: { version: { increment: 1 } } });
  await expectAgree(a.id, b.id);
  expect(await kept(a.id)).toEqual({ uncategorized: 0, uncontabilized: 1 });
  expect(await kept(b.id)).toEqual({ uncategorized: 1, uncontabilized: 1 });
  // The posting taken back: the block counts again.
  await db.block.update({ where: { id: ids[0] }, data: { contabilizedAt: null } });
  expect(await kept(a.id)).toEqual({ uncategorized: 0, uncontabilized: 2 });
  await expectAgree(a.id, b.id);
});

test("deletes, a rolled-back transaction and concurrent transactions on one client", async () => {
  const client = await createClient({ office });
  const blocks: CreatedBlock[] = [];
  for (let i = 0; i < 12; i++) blocks.push(await createBlock({ client }));
  const db = getDb();
  await db.block.delete({ where: { id: blocks[0].id } });
  await expect(
    db.$transaction(async (tx) => {
      await tx.block.update({ where: { id: blocks[1].id }, data: { accountId: account.id } });
      throw new Error("rolled back");
    }),
  ).rejects.toThrow("rolled back");
  expect(await kept(client.id)).toEqual({ uncategorized: 11, uncontabilized: 0 });
  // Ten transactions at once, each categorising one block of the same client.
  await Promise.all(
    blocks
      .slice(1, 11)
      .map((block) =>
        db.$transaction(async (tx) => tx.block.update({ where: { id: block.id }, data: { accountId: account.id } })),
      ),
  );
  expect(await kept(client.id)).toEqual({ uncategorized: 1, uncontabilized: 10 });
  await db.block.deleteMany({ where: { clientId: client.id } });
  expect(await kept(client.id)).toEqual({ uncategorized: 0, uncontabilized: 0 });
  await expectAgree(client.id);
});

test("a block waiting on an open pendency counts nowhere until the pendency is solved or goes", async () => {
  const client = await createClient({ office });
  const db = getDb();
  const waiting = await createBlock({ client });
  const categorized = await createBlock({
    client,
    state: "categorized",
    account,
    paymentDate: new Date(Date.UTC(2025, 0, 5)),
    valueCents: 100,
  });
  await createBlock({ client });
  const first = await createPendency({ block: waiting });
  const second = await createPendency({ block: categorized });
  expect(await kept(client.id)).toEqual({ uncategorized: 1, uncontabilized: 0 });
  await expectAgree(client.id);
  // A write to the block while its pendency is open moves nothing; the solve puts it back.
  await db.block.update({ where: { id: waiting.id }, data: { accountId: account.id } });
  await db.block.update({ where: { id: waiting.id }, data: { accountId: null } });
  expect(await kept(client.id)).toEqual({ uncategorized: 1, uncontabilized: 0 });
  await db.pendency.update({ where: { id: first.id }, data: { solvedAt: new Date() } });
  expect(await kept(client.id)).toEqual({ uncategorized: 2, uncontabilized: 0 });
  // Solved and requeued in one transaction, in either order (pendency/solve's own path).
  await db.$transaction(async (tx) => {
    await tx.block.update({ where: { id: categorized.id }, data: { accountId: null } });
    await tx.pendency.update({ where: { id: second.id }, data: { solvedAt: new Date() } });
  });
  expect(await kept(client.id)).toEqual({ uncategorized: 3, uncontabilized: 0 });
  // Reopened, then deleted; a devolved block's pendency moves nothing.
  await db.pendency.update({ where: { id: second.id }, data: { solvedAt: null } });
  expect(await kept(client.id)).toEqual({ uncategorized: 2, uncontabilized: 0 });
  await db.pendency.delete({ where: { id: second.id } });
  expect(await kept(client.id)).toEqual({ uncategorized: 3, uncontabilized: 0 });
  await db.block.update({ where: { id: waiting.id }, data: { devolvedAt: new Date() } });
  await createPendency({ block: waiting });
  expect(await kept(client.id)).toEqual({ uncategorized: 2, uncontabilized: 0 });
  await expectAgree(client.id);
});

test("a send, a categorization and a posting through the API move the counts", async () => {
  const current = currentYearMonth();
  const date = `${current.year}-${String(current.month).padStart(2, "0")}-01`;
  const operator = await createAccountingOperator({ office, type: 2 });
  const client = await createClient({ office, responsible: operator });
  const company = await createClientOperator({ client, type: 0 });
  const chart = await createAccount({ office, code: "1.1.01.009", yearOfExercise: current.year });
  const tokens = await loginAll({ operator, company });

  const sent = await call<SentBlock>(createPost, { token: tokens.company, body: [await photo()] });
  expect(sent.status).toBe(200);
  const blockId = sent.json.data!.id;
  expect(await kept(client.id)).toEqual({ uncategorized: 1, uncontabilized: 0 });

  const { version } = await getDb().block.findUniqueOrThrow({ where: { id: blockId } });
  const block = { id: blockId, version, date, value: "12.34", accountId: chart.id };
  expect((await call(savePost, { token: tokens.operator, body: { block } })).status).toBe(200);
  expect(await kept(client.id)).toEqual({ uncategorized: 0, uncontabilized: 1 });

  expect((await call(syncPost, { token: tokens.operator, body: { clientId: client.id } })).status).toBe(200);
  expect((await call(contabilizePost, { token: tokens.operator, body: { blockId } })).status).toBe(200);
  expect(await kept(client.id)).toEqual({ uncategorized: 0, uncontabilized: 0 });
  await expectAgree(client.id);
});
