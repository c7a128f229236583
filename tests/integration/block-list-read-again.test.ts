// A month's list read again: every change is made here in SQL, as another app process or a hand-run
// statement would make it, and the next read must show it. The oracle is the whole-history list (POST
// /api/block/list without a month).
import { POST as listPost } from "@/app/api/block/list/route";
import { UNCATEGORIZED_KEY, type BlocksByMonth, type ClientBlocksAnswer } from "@/lib/contract/blocks";
import { currentYearMonth } from "@/lib/format/dates";
import { getDb, type Client } from "@/server/db/client";
import {
  accessKeyOf,
  activateAccount,
  createAccount,
  createAccountingOperator,
  createBlock,
  createClient,
  createClientOperator,
  createFindings,
  createPendency,
  fiscalFinding,
  type CreatedBlock,
  type OperatorWithUser,
} from "../helpers/factories";
import { call } from "../helpers/http";
import { login } from "./operators-support";

const now = currentYearMonth();
const pad = (n: number) => String(n).padStart(2, "0");
const day = (d: number) => new Date(`${now.year}-${pad(now.month)}-${pad(d)}T12:00:00Z`);

let regular: OperatorWithUser;
let other: OperatorWithUser;
let client: Client;
let regularToken: string;
let otherToken: string;
let businessToken: string;
let accountId: number;

type Answer = ClientBlocksAnswer & { pendencyNumber?: number };

// `clientId` null: the company's own list, asked for without a clientId (undefined would take the default).
const month = (token: string, clientId: number | null = client.id) =>
  call<Answer>(listPost, {
    token,
    body: { ...(clientId === null ? {} : { clientId }), year: now.year, month: now.month },
  });

/** This month of the whole-history list: what a month read must answer. */
async function expected(token: string, clientId: number | null = client.id): Promise<Answer> {
  const all = await call<Answer>(listPost, { token, body: clientId === null ? {} : { clientId } });
  expect(all.status).toBe(200);
  const { blocks, ...counts } = all.json.data!;
  const inMonth = blocks[String(now.year)]?.[String(now.month)];
  const only: BlocksByMonth = inMonth ? { [String(now.year)]: { [String(now.month)]: inMonth } } : {};
  return { blocks: only, ...counts };
}

async function expectFresh(token: string, clientId: number | null = client.id): Promise<Answer> {
  const read = await month(token, clientId);
  expect(read.status).toBe(200);
  expect(read.json.data).toEqual(await expected(token, clientId));
  return read.json.data!;
}

beforeAll(async () => {
  regular = await createAccountingOperator({ type: 2 });
  const office = { id: regular.officeId };
  other = await createAccountingOperator({ office, type: 0 });
  client = await createClient({ office, responsible: regular });
  const business = await createClientOperator({ client, type: 0 });
  accountId = (await createAccount({ office, yearOfExercise: now.year })).id;
  await createBlock({ client, sentAt: day(2) });
  await createBlock({ client, sentAt: day(3), documents: 2 });
  await createBlock({ client, state: "categorized", account: { id: accountId }, paymentDate: day(4), sentAt: day(1) });
  [regularToken, otherToken, businessToken] = await Promise.all([
    login(regular.user.email),
    login(other.user.email),
    login(business.user.email),
  ]);
});

describe("a month read again", () => {
  it("answers with the bytes the whole answer serialises to, for the office and for the company", async () => {
    for (const [token, clientId] of [
      [regularToken, client.id],
      [businessToken, null],
    ] as const) {
      const first = await month(token, clientId);
      const kept = await month(token, clientId);
      expect(kept.status).toBe(200);
      expect(kept.text).toBe(first.text);
      expect(kept.text).toBe(JSON.stringify(kept.json)); // same keys, same order, nothing added
      expect(Object.keys(kept.json.data!)).toEqual(
        clientId === null
          ? ["blocks", "uncategorizedCount", "uncontabilizedCount", "pendencyNumber"]
          : ["blocks", "uncategorizedCount", "uncontabilizedCount"],
      );
      expect(kept.json.data).toEqual(await expected(token, clientId));
    }
  });

  it("shows every change made elsewhere on the next read, the badge counts included", async () => {
    const db = getDb();
    const block = await createBlock({ client, sentAt: day(7) });
    await expectFresh(regularToken);
    const changes: [string, () => Promise<unknown>][] = [
      [
        "categorised",
        () =>
          db.$executeRaw`UPDATE blocks SET account_id = ${accountId}, payment_date = ${day(8)}, value_cents = 4321, version = version + 1 WHERE id = ${block.id}`,
      ],
      [
        "a new value",
        () => db.$executeRaw`UPDATE blocks SET value_cents = 999, version = version + 1 WHERE id = ${block.id}`,
      ],
      [
        "viewed",
        () =>
          db.$executeRaw`INSERT INTO block_views (block_id, operator_id, viewed_at) VALUES (${block.id}, ${regular.id}, now())`,
      ],
      ["a pendency", () => createPendency({ block: { id: block.id, clientId: client.id } })],
      [
        "its pendency solved",
        () => db.$executeRaw`UPDATE pendencies SET solved_at = now() WHERE block_id = ${block.id}`,
      ],
      ["a document gone", () => db.$executeRaw`UPDATE documents SET deleted_at = now() WHERE block_id = ${block.id}`],
      [
        "contabilised",
        () => db.$executeRaw`UPDATE blocks SET contabilized_at = now(), version = version + 1 WHERE id = ${block.id}`,
      ],
      ["a block sent", () => createBlock({ client, sentAt: day(9) })],
      [
        "devolved",
        () => db.$executeRaw`UPDATE blocks SET devolved_at = now(), version = version + 1 WHERE id = ${block.id}`,
      ],
    ];
    for (const [what, change] of changes) {
      const before = JSON.stringify((await month(regularToken)).json.data);
      await change();
      const after = await expectFresh(regularToken);
      expect({ what, changed: JSON.stringify(after) !== before }).toEqual({ what, changed: true });
    }
  });

  it("shows a reading, and the suggestion the office's other clients and its chart make, on the next read", async () => {
    const db = getDb();
    const office = { id: regular.officeId };
    const supplier = "11222333000181";
    let serial = 1;
    const read = (block: CreatedBlock) =>
      createFindings(block.documents[0]!, [
        fiscalFinding(accessKeyOf({ cnpj: supplier, model: "55", issuedOn: "2026-01-10", number: serial++ }), {
          source: "xml",
        }),
      ]);
    const account = await createAccount({ office, yearOfExercise: now.year });
    const monthStart = new Date(Date.UTC(now.year, now.month - 1, 1));
    const activation = await activateAccount({ client, account, activatedAt: monthStart });
    const neighbour = await createClient({ office, responsible: regular });
    const block = await createBlock({ client, sentAt: day(12) });
    const suggestionOf = async () => {
      const answer = await expectFresh(regularToken);
      const found = answer.blocks[String(now.year)]![String(now.month)]![UNCATEGORIZED_KEY]!.find(
        (b) => b.id === block.id,
      )!;
      return { cnpj: found.reading?.cnpj ?? null, account: found.accountSuggestion?.accountId ?? null };
    };
    expect(await suggestionOf()).toEqual({ cnpj: null, account: null });
    await read(block);
    expect(await suggestionOf()).toEqual({ cnpj: supplier, account: null });
    // Another client of the office categorises a note of the same supplier: a hint for this one.
    const theirs = await createBlock({
      client: neighbour,
      state: "categorized",
      account,
      operator: regular,
      sentAt: monthStart,
      categorizedAt: monthStart,
      paymentDate: monthStart,
    });
    await read(theirs);
    expect(await suggestionOf()).toEqual({ cnpj: supplier, account: account.id });
    // The chart's account deactivated, then back; the client's activation ended.
    await db.account.update({ where: { id: account.id }, data: { active: false } });
    expect(await suggestionOf()).toEqual({ cnpj: supplier, account: null });
    await db.account.update({ where: { id: account.id }, data: { active: true } });
    expect(await suggestionOf()).toEqual({ cnpj: supplier, account: account.id });
    await db.clientAccount.delete({ where: { id: activation.id } });
    expect(await suggestionOf()).toEqual({ cnpj: supplier, account: null });
  });

  it("is kept per user: two operators of the office see their own views, the company its own variant", async () => {
    const block = await createBlock({ client, sentAt: day(10) });
    await getDb()
      .$executeRaw`INSERT INTO block_views (block_id, operator_id, viewed_at) VALUES (${block.id}, ${other.id}, now())`;
    for (let round = 0; round < 2; round++) {
      const mine = await expectFresh(regularToken);
      const theirs = await expectFresh(otherToken);
      const company = await expectFresh(businessToken, null);
      const find = (answer: Answer) =>
        Object.values(answer.blocks[String(now.year)][String(now.month)])
          .flat()
          .find((b) => b.id === block.id)!;
      expect([find(mine).viewed, find(theirs).viewed, find(company).viewed]).toEqual([false, true, true]);
      expect(company.pendencyNumber).toEqual(expect.any(Number));
    }
  });

  it("still checks the caller on every call: a client taken away answers 404 with a list held", async () => {
    const mine = await createClient({ office: { id: regular.officeId }, responsible: regular });
    await createBlock({ client: mine, sentAt: day(11) });
    await expectFresh(regularToken, mine.id);
    await expectFresh(regularToken, mine.id);
    await getDb().client.update({ where: { id: mine.id }, data: { responsibleOperatorId: other.id } });
    const refused = await month(regularToken, mine.id);
    expect(refused.status).toBe(404);
    await expectFresh(otherToken, mine.id);
  });

  it("signs its links again when the minute of the lists' links has passed", async () => {
    const first = await expectFresh(regularToken);
    const later = Date.now() + 61_000;
    const clock = jest.spyOn(Date, "now").mockImplementation(() => later);
    try {
      const again = await expectFresh(regularToken);
      const exp = (answer: Answer) =>
        new Set(
          Object.values(answer.blocks[String(now.year)][String(now.month)])
            .flat()
            .flatMap((b) => b.documentsUrl)
            .map((u) => new URL(u, "http://x").searchParams.get("exp")),
        );
      expect([...exp(first)]).toHaveLength(1);
      expect([...exp(again)]).toHaveLength(1);
      expect([...exp(again)][0]).not.toBe([...exp(first)][0]);
    } finally {
      clock.mockRestore();
    }
  });
});
