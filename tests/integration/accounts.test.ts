// The accounts calls: GET/POST /api/account/all, POST /api/account/client and
// POST /api/account/change — shapes, validation, the permission matrix, the month rules of the
// accounts help tooltip (spec §2) and parallel toggles.
import { POST as devolvePost } from "@/app/api/block/devolve/route";
import { GET as allGet, POST as allPost } from "@/app/api/account/all/route";
import { POST as changePost } from "@/app/api/account/change/route";
import { GET as clientGet, POST as clientPost } from "@/app/api/account/client/route";
import type { ChangedAccount, ChartAccount, ClientAccount, ClientAccountsByMonth } from "@/lib/contract/accounts";
import { getDb, type Account, type AccountingOffice, type Client } from "@/server/db/client";
import {
  activateAccount,
  createAccount,
  createBlock,
  createClient,
  createClientOperator,
  type OperatorWithUser,
} from "../helpers/factories";
import { currentYearMonth } from "@/lib/format/dates";
import { captureStatements } from "../helpers/statements";
import { call } from "../helpers/http";
import { buildClientWorld, worldLogins } from "./world";

// This month in São Paulo: the month an activation made now belongs to.
const { year: thisYear, month: thisMonth } = currentYearMonth();
/** Year and month `delta` months from the current one. */
const shift = (delta: number) => {
  const index = thisYear * 12 + (thisMonth - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

let officeA: AccountingOffice;
let regularA: OperatorWithUser;
let alpha: Client; // responsible: regularA, shared with sharedA
let gamma: Client; // office B
let accountsA: Account[]; // office A, this year
let accountB: Account; // office B, this year
const t = {} as Record<"ownerA" | "regularA" | "sharedA" | "outsiderA" | "ownerB" | "business", string>;

beforeAll(async () => {
  const world = await buildClientWorld({ sharedType: 1 });
  ({ officeA, regularA, alpha } = world);
  gamma = await createClient({ responsible: world.ownerB });
  accountsA = [
    await createAccount({ office: officeA, code: "2.1.01.001", description: "Fornecedores" }),
    await createAccount({ office: officeA, code: "1.1.01.010", description: "Bancos" }),
    await createAccount({ office: officeA, code: "1.1.01.002", description: "Caixa" }),
  ];
  await createAccount({ office: officeA, code: "1.1.01.002", description: "Caixa (anterior)", yearOfExercise: 2024 });
  accountB = await createAccount({ office: { id: gamma.officeId }, code: "1.1.01.002", description: "Caixa B" });
  Object.assign(t, await worldLogins(world, { business: await createClientOperator({ client: alpha, type: 0 }) }));
});

const monthList = async (token: string, body: { clientId?: number; year: number; month: number }) => {
  const res = await call<ClientAccount[]>(clientPost, { token, body });
  expect(res.status).toBe(200);
  return res.json.data!;
};
const codes = (list: { code: string }[]) => list.map((row) => row.code);

describe("GET/POST /api/account/all", () => {
  test("the office chart of this year by default, sorted by code", async () => {
    const res = await call<ChartAccount[]>(allGet, { token: t.regularA });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      {
        id: accountsA[2].id,
        code: "1.1.01.002",
        description: "Caixa",
        yearOfExercise: thisYear,
        active: true,
        type: "analytic",
        reducedCode: null,
      },
      {
        id: accountsA[1].id,
        code: "1.1.01.010",
        description: "Bancos",
        yearOfExercise: thisYear,
        active: true,
        type: "analytic",
        reducedCode: null,
      },
      {
        id: accountsA[0].id,
        code: "2.1.01.001",
        description: "Fornecedores",
        yearOfExercise: thisYear,
        active: true,
        type: "analytic",
        reducedCode: null,
      },
    ]);
  });

  test("POST {year} answers that year's chart; another office's chart never shows", async () => {
    const res = await call<ChartAccount[]>(allPost, { token: t.ownerA, body: { year: 2024 } });
    expect(res.json.data!.map((row) => row.description)).toEqual(["Caixa (anterior)"]);
    const other = await call<ChartAccount[]>(allGet, { token: t.ownerB });
    expect(other.json.data!.map((row) => row.id)).toEqual([accountB.id]);
  });

  test("validation, business platform and anonymous", async () => {
    expect((await call(allPost, { token: t.ownerA, body: { year: 1999 } })).status).toBe(400);
    expect((await call(allPost, { token: t.ownerA, body: { year: "2024" } })).status).toBe(400);
    expect((await call(allGet, { token: t.business })).status).toBe(403);
    expect((await call(allGet, {})).status).toBe(401);
  });
});

describe("POST /api/account/client", () => {
  test("validation: ids, month, year and month together, clientId for the accounting side", async () => {
    for (const clientId of [0, 2147483648, "1", 1.5]) {
      const res = await call(clientPost, { token: t.ownerA, body: { clientId } });
      expect(res.status).toBe(400);
      expect(res.json.error?.fields?.map((field) => field.path)).toContain("clientId");
    }
    const month13 = await call(clientPost, { token: t.ownerA, body: { clientId: alpha.id, year: 2024, month: 13 } });
    expect(month13.status).toBe(400);
    expect(month13.json.error?.fields?.map((field) => field.path)).toContain("month");
    expect((await call(clientPost, { token: t.ownerA, body: { clientId: alpha.id, year: 2024 } })).status).toBe(400);
    expect(
      (await call(clientPost, { token: t.ownerA, body: { clientId: alpha.id, year: 1999, month: 1 } })).status,
    ).toBe(400);
    const missing = await call(clientPost, { token: t.ownerA, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.error?.fields?.map((field) => field.path)).toContain("clientId");
  });

  test("GET is the call without payload (spec §7): the business user's company, every month; accounting 400", async () => {
    const get = await call(clientGet, { token: t.business });
    expect(get.status).toBe(200);
    expect(get.json.data).toEqual((await call(clientPost, { token: t.business, body: {} })).json.data);
    expect((await call(clientPost, { token: t.business, method: "POST" })).status).toBe(200);
    const accounting = await call(clientGet, { token: t.ownerA });
    expect(accounting.status).toBe(400);
    expect(accounting.json.error?.fields?.map((field) => field.path)).toContain("clientId");
    expect((await call(clientGet, {})).status).toBe(401);
  });

  test("the permission matrix: who sees alpha's accounts", async () => {
    const body = { clientId: alpha.id, year: thisYear, month: thisMonth };
    for (const token of [t.ownerA, t.regularA, t.sharedA, t.business]) {
      expect((await call(clientPost, { token, body })).status).toBe(200);
    }
    // the business user may leave clientId out: its own company
    expect((await call(clientPost, { token: t.business, body: { year: thisYear, month: thisMonth } })).status).toBe(
      200,
    );
    expect((await call(clientPost, { token: t.outsiderA, body })).status).toBe(404);
    expect((await call(clientPost, { token: t.ownerB, body })).status).toBe(404);
    expect((await call(clientPost, { token: t.business, body: { clientId: gamma.id } })).status).toBe(404);
    expect((await call(clientPost, { body })).status).toBe(401);
  });

  test("the month rules: from activation on, later years by code, deactivation kept by a block", async () => {
    const client = await createClient({ office: officeA, responsible: regularA });
    const y24 = await createAccount({
      office: officeA,
      code: "3.1.01.001",
      description: "Receitas",
      yearOfExercise: 2024,
    });
    const y25 = await createAccount({
      office: officeA,
      code: "3.1.01.001",
      description: "Receitas",
      yearOfExercise: 2025,
    });
    const other = await createAccount({
      office: officeA,
      code: "3.1.01.002",
      description: "Outras",
      yearOfExercise: 2024,
    });
    // active from March 2024, deactivated in May 2024 (M + 2)
    await activateAccount({
      client,
      account: y24,
      activatedAt: new Date("2024-03-10T12:00:00Z"),
      deactivatedAt: new Date("2024-05-05T12:00:00Z"),
    });
    // open since April 2024: carries into 2025 by code
    await activateAccount({ client, account: other, activatedAt: new Date("2024-04-02T12:00:00Z") });
    // a block of June 2024 categorised in the deactivated account keeps it in June only
    await createBlock({ client, state: "categorized", account: y24, paymentDate: new Date("2024-06-15T00:00:00Z") });
    // a block of July 2024 categorised in it, then given back to the client (devolved), keeps nothing:
    // it is in no list
    const returned = await createBlock({
      client,
      state: "categorized",
      account: y24,
      paymentDate: new Date("2024-07-15T00:00:00Z"),
    });
    expect((await call(devolvePost, { token: t.regularA, body: { blockId: returned.id } })).status).toBe(200);
    const at = (year: number, month: number) => monthList(t.ownerA, { clientId: client.id, year, month });

    expect(codes(await at(2024, 2))).toEqual([]);
    expect(await at(2024, 3)).toEqual([
      {
        id: y24.id,
        code: "3.1.01.001",
        description: "Receitas",
        date: "2024-03-10T12:00:00.000Z",
        activated: true,
        active: true,
        type: "analytic",
        reducedCode: null,
      },
    ]);
    expect(codes(await at(2024, 4))).toEqual(["3.1.01.001", "3.1.01.002"]);
    expect(codes(await at(2024, 5))).toEqual(["3.1.01.002"]);
    expect(await at(2024, 6)).toEqual([
      {
        id: y24.id,
        code: "3.1.01.001",
        description: "Receitas",
        date: "2024-03-10T12:00:00.000Z",
        activated: false,
        active: true,
        type: "analytic",
        reducedCode: null,
      },
      expect.objectContaining({ id: other.id, activated: true }),
    ]);
    expect(codes(await at(2024, 7))).toEqual(["3.1.01.002"]);
    // 2025: only the 2025 chart, and "3.1.01.002" has no account there
    expect(await at(2025, 1)).toEqual([]);

    // Every month: year → month → list, empty months left out.
    const all = await call<ClientAccountsByMonth>(clientPost, { token: t.regularA, body: { clientId: client.id } });
    expect(all.status).toBe(200);
    expect(Object.keys(all.json.data!["2024"])).toEqual(["3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]);
    expect(codes(all.json.data!["2024"]["6"])).toEqual(["3.1.01.001", "3.1.01.002"]);
    expect(codes(all.json.data!["2024"]["7"])).toEqual(["3.1.01.002"]);
    // the 2025 chart has the code, but the activation ended in 2024
    expect(all.json.data!["2025"]).toBeUndefined();
    const chart2025 = await call<ChartAccount[]>(allPost, { token: t.ownerA, body: { year: 2025 } });
    expect(chart2025.json.data!.map((row) => row.id)).toContain(y25.id);
  });
});

describe("POST /api/account/client, every month, at scale", () => {
  /** The SQL statements one call sends (at the pg driver, the caller's load included). */
  async function statementsOf(run: () => Promise<{ status: number }>): Promise<number> {
    const { result, statements } = await captureStatements(run);
    expect(result.status).toBe(200);
    return statements.length;
  }

  test("as many statements with 33,000 categorised blocks as with one: the blocks are grouped by account and month in PostgreSQL", async () => {
    const client = await createClient({ office: officeA, responsible: regularA });
    const [first, second] = accountsA;
    await activateAccount({ client, account: first!, activatedAt: new Date(Date.UTC(thisYear, 0, 1, 12)) });
    await createBlock({
      client,
      state: "categorized",
      account: second!,
      paymentDate: new Date(Date.UTC(thisYear, 0, 15)),
    });
    const everyMonth = () =>
      call<ClientAccountsByMonth>(clientPost, { token: t.regularA, body: { clientId: client.id } });
    await everyMonth(); // prepared statements and Prisma's first use of each query out of the count
    const few = await statementsOf(everyMonth);
    // More than Prisma puts in one list of ids (32,766), over this year's months, in two accounts.
    await getDb().$executeRaw`
      INSERT INTO blocks (client_id, sent_at, account_id, payment_date, categorized_at, version, created_at, updated_at)
      SELECT ${client.id}::int, now(), CASE WHEN g % 2 = 0 THEN ${first!.id}::int ELSE ${second!.id}::int END,
             make_date(${thisYear}::int, 1 + g % ${thisMonth}::int, 1 + g % 28), now(), 0, now(), now()
        FROM generate_series(1, 33000) g`;
    expect(await statementsOf(everyMonth)).toBe(few);
    const all = (await everyMonth()).json.data!;
    // the second account holds blocks in the months of this year up to this one, so it is listed there
    expect(codes(all[String(thisYear)]![String(thisMonth)]!)).toEqual(
      expect.arrayContaining([first!.code, second!.code]),
    );
  }, 60_000);
});

describe("POST /api/account/change", () => {
  test("activating from this month on: this and later months, next year by code, never the month before", async () => {
    const client = await createClient({ office: officeA, responsible: regularA });
    const next = shift(1);
    const before = shift(-1);
    const nextYear = await createAccount({
      office: officeA,
      code: "1.1.01.002",
      description: "Caixa",
      yearOfExercise: thisYear + 1,
    });
    const res = await call<ChangedAccount>(changePost, {
      token: t.regularA,
      body: { clientId: client.id, accountId: accountsA[2].id },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      id: accountsA[2].id,
      code: "1.1.01.002",
      description: "Caixa",
      yearOfExercise: thisYear,
      active: true,
      type: "analytic",
      reducedCode: null,
      activated: true,
    });
    const list = await monthList(t.regularA, { clientId: client.id, year: thisYear, month: thisMonth });
    expect(list).toEqual([
      {
        id: accountsA[2].id,
        code: "1.1.01.002",
        description: "Caixa",
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        activated: true,
        active: true,
        type: "analytic",
        reducedCode: null,
      },
    ]);
    expect(codes(await monthList(t.regularA, { clientId: client.id, ...next }))).toEqual(["1.1.01.002"]);
    expect(await monthList(t.regularA, { clientId: client.id, year: thisYear + 1, month: 6 })).toEqual([
      expect.objectContaining({ id: nextYear.id, activated: true }),
    ]);
    expect(await monthList(t.regularA, { clientId: client.id, ...before })).toEqual([]);
    const events = await getDb().auditEvent.count({ where: { clientId: client.id, action: "account.activate" } });
    expect(events).toBe(1);

    // deactivating this month leaves the past untouched and this month empty
    await activateAccount({
      client,
      account: accountsA[1],
      activatedAt: new Date(Date.UTC(before.year, before.month - 1, 3)),
    });
    const off = await call<ChangedAccount>(changePost, {
      token: t.ownerA,
      body: { clientId: client.id, accountId: accountsA[1].id },
    });
    expect(off.json.data?.activated).toBe(false);
    expect(codes(await monthList(t.ownerA, { clientId: client.id, ...before }))).toEqual(["1.1.01.010"]);
    expect(codes(await monthList(t.ownerA, { clientId: client.id, year: thisYear, month: thisMonth }))).toEqual([
      "1.1.01.002",
    ]);
  });

  test("validation", async () => {
    for (const body of [
      { clientId: 0, accountId: accountsA[0].id },
      { clientId: alpha.id, accountId: 2147483648 },
      { clientId: alpha.id },
    ]) {
      expect((await call(changePost, { token: t.regularA, body })).status).toBe(400);
    }
  });

  test("the permission matrix", async () => {
    const body = { clientId: alpha.id, accountId: accountsA[0].id };
    for (const token of [t.ownerA, t.regularA, t.sharedA])
      expect((await call(changePost, { token, body })).status).toBe(200);
    expect((await call(changePost, { token: t.outsiderA, body })).status).toBe(404);
    expect((await call(changePost, { token: t.ownerB, body })).status).toBe(404);
    expect((await call(changePost, { token: t.business, body })).status).toBe(403);
    expect((await call(changePost, { body })).status).toBe(401);
    // an account of another office is not found
    expect(
      (await call(changePost, { token: t.regularA, body: { clientId: alpha.id, accountId: accountB.id } })).status,
    ).toBe(404);
  });

  test("ten parallel toggles of the same pair: no 500, at most one open activation", async () => {
    const client = await createClient({ office: officeA, responsible: regularA });
    const body = { clientId: client.id, accountId: accountsA[0].id };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call<ChangedAccount>(changePost, { token: t.regularA, body })),
    );
    expect(results.map((res) => res.status)).toEqual(new Array(10).fill(200));
    expect(results.filter((res) => res.json.data?.activated).length).toBe(5);
    const open = await getDb().clientAccount.count({ where: { clientId: client.id, deactivatedAt: null } });
    expect(open).toBe(0);
  });
});
