// The version of what a client's block lists show (client_list_versions, migration
// 20261201130000_client_list_versions): every committed write to a row a list answers with moves the
// version of the client it names, at the commit; a categorisation claim, a rolled-back write and
// another client's write do not; an account of the office's chart moves every client of the office.
// The kept month lists are answered again only at the version they were read at
// (server/blocks/kept-months.ts; tests/integration/block-list-read-again.test.ts reads them).
import { getDb, type Client } from "@/server/db/client";
import {
  accessKeyOf,
  activateAccount,
  createAccount,
  createAccountingOperator,
  createBlock,
  createClient,
  createFindings,
  createPendency,
  fiscalFinding,
  type CreatedBlock,
  type OperatorWithUser,
} from "../helpers/factories";

let operator: OperatorWithUser;
let client: Client;
let neighbour: Client;
let block: CreatedBlock;
let other: CreatedBlock;
let chartAccount: { id: number };

/** The client's version (0 without a row yet) as text: int8 read exactly. */
async function versionOf(of: { id: number }): Promise<bigint> {
  const [row] = await getDb().$queryRaw<{ version: string }[]>`
    SELECT COALESCE((SELECT version FROM client_list_versions WHERE client_id = ${of.id}), 0)::text AS version`;
  return BigInt(row!.version);
}

/** Runs `write` and tells whose versions moved: this client's, its neighbour's (same office). */
async function moved(write: () => Promise<unknown>): Promise<{ client: boolean; neighbour: boolean }> {
  const before = [await versionOf(client), await versionOf(neighbour)];
  await write();
  const after = [await versionOf(client), await versionOf(neighbour)];
  return { client: after[0]! > before[0]!, neighbour: after[1]! > before[1]! };
}

beforeAll(async () => {
  operator = await createAccountingOperator({ type: 0 });
  const office = { id: operator.officeId };
  client = await createClient({ office, responsible: operator });
  neighbour = await createClient({ office, responsible: operator });
  block = await createBlock({ client, documents: 2 });
  other = await createBlock({ client });
  chartAccount = await createAccount({ office, yearOfExercise: 2026 });
});

describe("a write moves the version of the client it names, at its commit", () => {
  const db = () => getDb();
  test.each<[string, () => Promise<unknown>]>([
    ["a block sent", () => createBlock({ client })],
    ["a block categorised", () => db().$executeRaw`UPDATE blocks SET value_cents = 1234 WHERE id = ${block.id}`],
    [
      "a block read (its supplier)",
      () => db().$executeRaw`UPDATE blocks SET read_value_cents = 99 WHERE id = ${block.id}`,
    ],
    [
      "a document taken out",
      () => db().$executeRaw`UPDATE documents SET position = position + 10 WHERE block_id = ${block.id}`,
    ],
    [
      "a finding stored",
      () =>
        createFindings(block.documents[0]!, [
          fiscalFinding(accessKeyOf({ cnpj: "11222333000181", model: "55", issuedOn: "2026-01-10", number: 7 })),
        ]),
    ],
    ["a pendency raised", () => createPendency({ block: { id: other.id, clientId: client.id } })],
    [
      "a block viewed",
      () =>
        db()
          .$executeRaw`INSERT INTO block_views (block_id, operator_id, viewed_at) VALUES (${block.id}, ${operator.id}, now())`,
    ],
    [
      "a duplicate dismissed",
      () =>
        db()
          .$executeRaw`INSERT INTO block_duplicate_dismissals (block_id, other_block_id) VALUES (${Math.min(block.id, other.id)}, ${Math.max(block.id, other.id)})`,
    ],
    ["an account activated for the client", () => activateAccount({ client, account: chartAccount })],
  ])("%s: this client's version moves, not its neighbour's", async (_what, write) => {
    expect(await moved(write)).toEqual({ client: true, neighbour: false });
  });

  test("an account of the office's chart: every client of the office", async () => {
    expect(await moved(() => createAccount({ office: { id: operator.officeId }, yearOfExercise: 2027 }))).toEqual({
      client: true,
      neighbour: true,
    });
  });

  test("the blocks trigger names every column of blocks but the claim's and updated_at", async () => {
    const [row] = await db().$queryRaw<{ definition: string; columns: string[] }[]>`
      SELECT pg_get_triggerdef(t.oid) AS definition,
             ARRAY(SELECT column_name::text FROM information_schema.columns
                    WHERE table_schema = 'public' AND table_name = 'blocks'
                      AND column_name NOT IN ('claimed_by_id', 'claimed_until', 'updated_at')
                    ORDER BY column_name) AS columns
        FROM pg_trigger t WHERE t.tgname = 'blocks_lists_update'`;
    const named = (side: "old" | "new") =>
      [...row!.definition.matchAll(new RegExp(`\\b${side}\\.(\\w+)`, "gi"))].map((m) => m[1]!.toLowerCase()).sort();
    expect(named("old")).toEqual([...row!.columns].sort());
    expect(named("new")).toEqual([...row!.columns].sort());
  });

  test("a categorisation claim moves nothing: no list shows it", async () => {
    expect(
      await moved(
        () =>
          db()
            .$executeRaw`UPDATE blocks SET claimed_by_id = ${operator.id}, claimed_until = now() + interval '1 minute' WHERE id = ${block.id}`,
      ),
    ).toEqual({ client: false, neighbour: false });
  });

  test("a write rolled back moves nothing", async () => {
    const rollback = new Error("rolled back");
    expect(
      await moved(() =>
        db()
          .$transaction(async (tx) => {
            await tx.$executeRaw`UPDATE blocks SET value_cents = 4321 WHERE id = ${block.id}`;
            throw rollback;
          })
          .catch((error: unknown) => {
            if (error !== rollback) throw error;
          }),
      ),
    ).toEqual({ client: false, neighbour: false });
  });

  test("moves at the commit: a transaction's writes are not a new version before it ends", async () => {
    const before = await versionOf(client);
    let during = 0n;
    await db().$transaction(async (tx) => {
      await tx.$executeRaw`UPDATE blocks SET value_cents = 555 WHERE id = ${block.id}`;
      await tx.$executeRaw`UPDATE documents SET position = position + 1 WHERE block_id = ${block.id}`;
      during = await versionOf(client); // another connection: the version as others see it
    });
    expect(during).toBe(before);
    expect(await versionOf(client)).toBeGreaterThan(before);
  });

  test("parallel writes to one client all commit, and the version ends past each of theirs", async () => {
    const before = await versionOf(client);
    const writes = Array.from({ length: 12 }, (_, i) =>
      db().$transaction(async (tx) => {
        await tx.$executeRaw`UPDATE blocks SET value_cents = ${1000 + i} WHERE id = ${i % 2 ? block.id : other.id}`;
        await tx.$executeRaw`UPDATE documents SET position = position + 1 WHERE block_id = ${i % 2 ? other.id : block.id}`;
      }),
    );
    await expect(Promise.all(writes)).resolves.toHaveLength(12);
    expect(await versionOf(client)).toBeGreaterThan(before);
  });
});
