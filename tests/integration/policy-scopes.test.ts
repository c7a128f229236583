// The tenant filters of server/policy/scopes.ts against real rows: two offices, two clients in office A
// (one shared), one in office B; each caller must see exactly its own.
import { getDb } from "@/server/db/client";
import { loadActor } from "@/server/auth/load-actor";
import type { Actor } from "@/server/policy/actor";
import {
  accountingOperatorsVisibleTo,
  accountsVisibleTo,
  blocksVisibleTo,
  clientOperatorsVisibleTo,
  clientScopeSql,
  clientScopeValues,
  clientsVisibleTo,
  paramScope,
  documentsVisibleTo,
  workScopeOf,
} from "@/server/policy/scopes";
import {
  createAccount,
  createAccountingOperator,
  createBlock,
  createClient,
  createClientOperator,
  createOffice,
  shareClient,
} from "../helpers/factories";

type Row = { id: number };
const world = {} as Record<string, Row>;
// Kept with their full types where a factory needs more than an id.
const full = {} as {
  ownerB: Awaited<ReturnType<typeof createAccountingOperator>>;
  clientA1: Awaited<ReturnType<typeof createClient>>;
};
const actors = {} as Record<string, Actor>;

async function actorOf(userId: number): Promise<Actor> {
  return (await loadActor(userId))!.actor;
}

beforeAll(async () => {
  const officeA = await createOffice();
  const officeB = await createOffice();
  const ownerA = await createAccountingOperator({ office: officeA, type: 0 });
  const regularA = await createAccountingOperator({ office: officeA, type: 2 });
  const otherA = await createAccountingOperator({ office: officeA, type: 2 });
  const ownerB = await createAccountingOperator({ office: officeB, type: 0 });
  const clientA1 = await createClient({ office: officeA, responsible: regularA });
  const clientA2 = await createClient({ office: officeA, responsible: ownerA, type: "individual" });
  const clientB1 = await createClient({ office: officeB, responsible: ownerB });
  await shareClient({ client: clientA2, operator: otherA });
  const userA1 = await createClientOperator({ client: clientA1, type: 0 });
  const userA2 = await createClientOperator({ client: clientA2, type: 0 });
  const blockA1 = await createBlock({ client: clientA1 });
  const blockA2 = await createBlock({ client: clientA2 });
  const blockB1 = await createBlock({ client: clientB1 });
  const accountA = await createAccount({ office: officeA });
  const accountB = await createAccount({ office: officeB });
  Object.assign(world, {
    officeA,
    officeB,
    clientA1,
    clientA2,
    clientB1,
    blockA1,
    blockA2,
    blockB1,
    accountA,
    accountB,
  });
  Object.assign(world, { ownerA, regularA, otherA, ownerB, userA1, userA2 });
  Object.assign(full, { ownerB, clientA1 });
  for (const [name, op] of Object.entries({ ownerA, regularA, otherA, ownerB, userA1, userA2 }))
    actors[name] = await actorOf(op.userId);
});

const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
const of = (...names: string[]) => names.map((n) => world[n].id).sort((a, b) => a - b);

describe("clientsVisibleTo", () => {
  const cases: [string, string[]][] = [
    ["ownerA", ["clientA1", "clientA2"]], // the office owner sees every client of the office
    ["regularA", ["clientA1"]], // responsible only
    ["otherA", ["clientA2"]], // shared with it
    ["ownerB", ["clientB1"]],
    ["userA1", ["clientA1"]], // a business user sees only its company
    ["userA2", ["clientA2"]],
  ];
  for (const [who, expected] of cases) {
    test(`${who} sees ${expected.join(", ")}`, async () => {
      expect(
        ids(await getDb().client.findMany({ where: clientsVisibleTo(actors[who]), select: { id: true } })),
      ).toEqual(of(...expected));
    });
    test(`${who}: the SQL form of the scope (prepared statements) sees the same`, async () => {
      const rows = await getDb().$queryRawUnsafe<{ id: number }[]>(
        `SELECT c.id FROM clients c WHERE ${clientScopeSql(paramScope(1))}`,
        ...clientScopeValues(actors[who]),
      );
      expect(ids(rows)).toEqual(of(...expected));
    });
    test(`${who}: the work scope (the categorization claim's) sees the clients it may work (none for a business user)`, async () => {
      const works = actors[who].accounting ? expected : [];
      const rows = await getDb().$queryRawUnsafe<{ id: number }[]>(
        `SELECT c.id FROM clients c WHERE ${workScopeOf({ ...paramScope(1), company: "NULL::int" })}`,
        ...clientScopeValues(actors[who]).slice(0, 3),
      );
      expect(ids(rows)).toEqual(of(...works));
    });
  }

  test("a removed client leaves every list", async () => {
    const client = await createClient({ office: world.officeB, responsible: full.ownerB });
    await getDb().client.update({ where: { id: client.id }, data: { removedAt: new Date() } });
    const visible = ids(
      await getDb().client.findMany({ where: clientsVisibleTo(actors.ownerB), select: { id: true } }),
    );
    expect(visible).not.toContain(client.id);
    const sql = await getDb().$queryRawUnsafe<{ id: number }[]>(
      `SELECT c.id FROM clients c WHERE ${clientScopeSql(paramScope(1))}`,
      ...clientScopeValues(actors.ownerB),
    );
    expect(ids(sql)).not.toContain(client.id);
  });

  test("a caller with no membership sees nothing", async () => {
    const profile = { code: null, phone: null, pictureKey: null, officeName: null, clientName: null, clientType: null };
    const nobody: Actor = { userId: 0, email: "x", name: "x", profile, accounting: null, business: null };
    expect(await getDb().client.count({ where: clientsVisibleTo(nobody) })).toBe(0);
    const sql = await getDb().$queryRawUnsafe<unknown[]>(
      `SELECT c.id FROM clients c WHERE ${clientScopeSql(paramScope(1))}`,
      ...clientScopeValues(nobody),
    );
    expect(sql).toEqual([]);
    expect(await getDb().account.count({ where: accountsVisibleTo(nobody) })).toBe(0);
  });
});

describe("blocks, documents, accounts and operators follow the client scope", () => {
  test("blocks", async () => {
    expect(
      ids(await getDb().block.findMany({ where: blocksVisibleTo(actors.regularA), select: { id: true } })),
    ).toEqual(of("blockA1"));
    expect(ids(await getDb().block.findMany({ where: blocksVisibleTo(actors.ownerB), select: { id: true } }))).toEqual(
      of("blockB1"),
    );
    expect(ids(await getDb().block.findMany({ where: blocksVisibleTo(actors.userA2), select: { id: true } }))).toEqual(
      of("blockA2"),
    );
  });

  test("an undone send is invisible", async () => {
    const block = await createBlock({ client: full.clientA1 });
    await getDb().block.update({ where: { id: block.id }, data: { undoneAt: new Date() } });
    expect(
      ids(await getDb().block.findMany({ where: blocksVisibleTo(actors.userA1), select: { id: true } })),
    ).not.toContain(block.id);
  });

  test("documents", async () => {
    const docs = await getDb().document.findMany({
      where: documentsVisibleTo(actors.ownerB),
      select: { clientId: true },
    });
    expect(docs.length).toBeGreaterThan(0);
    expect(new Set(docs.map((d) => d.clientId))).toEqual(new Set([world.clientB1.id]));
  });

  test("accounts are the office's own", async () => {
    const visible = ids(
      await getDb().account.findMany({ where: accountsVisibleTo(actors.ownerA), select: { id: true } }),
    );
    expect(visible).toContain(world.accountA.id);
    expect(visible).not.toContain(world.accountB.id);
  });

  test("operator lists are the caller's office or client", async () => {
    const accounting = ids(
      await getDb().accountingOperator.findMany({
        where: accountingOperatorsVisibleTo(actors.ownerB),
        select: { id: true },
      }),
    );
    expect(accounting).toEqual(of("ownerB"));
    const business = ids(
      await getDb().clientOperator.findMany({ where: clientOperatorsVisibleTo(actors.userA1), select: { id: true } }),
    );
    expect(business).toEqual(of("userA1"));
    expect(await getDb().clientOperator.count({ where: clientOperatorsVisibleTo(actors.ownerA) })).toBe(0);
  });
});
