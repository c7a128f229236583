// The demo office's blocks make every state of the client detail visible (the
// screenshots): read through the real calls, as the UI does, after seeding.
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
import { seed } from "@/prisma/seed";
import { getDb } from "@/server/db/client";
import { getBlobStore } from "@/server/storage";
import { call } from "../helpers/http";
import { login } from "./operators-support";

const current = currentYearMonth();
let blobKeys: string[] = [];
const t = {} as Record<"dono" | "operador", string>;
let cards: ClientCard[] = [];

beforeAll(async () => {
  expect(await seed(getDb())).toBe(true);
  blobKeys = (await getDb().document.findMany({ select: { displayKey: true, thumbKey: true } })).flatMap((d) => [
    d.displayKey!,
    d.thumbKey!,
  ]);
  t.dono = await login("dono@escritorio.demo");
  t.operador = await login("operador@escritorio.demo");
  cards = (await call<ClientCard[]>(clientsGet, { token: t.dono })).json.data ?? [];
}, 120_000);

afterAll(async () => {
  const store = getBlobStore();
  await Promise.all(blobKeys.map((key) => store.delete(key)));
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
  const years = await getDb().account.groupBy({ by: ["yearOfExercise"], where: { officeId: office.id }, _count: true });
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
