// Fixed query counts : the client list and a month of blocks answer in the same
// number of SQL statements at 10 and at 1,000 clients/blocks. Counted at the pg driver, under the
// Prisma adapter (every statement of the call, authentication included).
import { POST as contabilizePost } from "@/app/api/block/contabilize/route";
import { POST as listPost } from "@/app/api/block/list/route";
import { GET as clientsGet } from "@/app/api/clients/route";
import type { ClientCard } from "@/lib/contract/clients";
import type { ClientBlocksAnswer } from "@/lib/contract/blocks";
import type { BlockContabilizeAnswer } from "@/lib/contract/contabilization";
import { getDb, type AccountingOffice, type Client } from "@/server/db/client";
import {
  createAccount,
  createAccountingOperator,
  createClient,
  createOffice,
  type OperatorWithUser,
} from "../helpers/factories";
import { captureStatements } from "../helpers/statements";
import { call } from "../helpers/http";
import { login } from "./operators-support";

let owner: OperatorWithUser;
let client: Client;
let token: string;
let accountId: number;
let officeId: number;

beforeAll(async () => {
  const office = await createOffice();
  officeId = office.id;
  owner = await createAccountingOperator({ office, type: 0 });
  client = await createClient({ office, responsible: owner });
  accountId = (await createAccount({ office, yearOfExercise: 2025 })).id;
  token = await login(owner.user.email);
});

async function counted<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const { result, statements } = await captureStatements(run);
  return { result, statements: statements.length };
}

/** `count` more clients of the office, each with a block (uncategorised), a share-less card. */
async function addClients(from: number, count: number) {
  await getDb().$executeRaw`
    INSERT INTO clients (office_id, type, name, code, responsible_operator_id, modified_at, created_at, updated_at)
    SELECT ${officeId}::int, 'juridicPerson', 'Cliente ' || g, lpad(g::text, 14, '0'), ${owner.id}::int, now(), now(), now()
      FROM generate_series(${from}::int, ${from + count - 1}::int) g`;
  await getDb().$executeRaw`
    INSERT INTO blocks (client_id, sent_at, created_at, updated_at)
    SELECT id, now(), now(), now() FROM clients WHERE office_id = ${officeId}::int AND name LIKE 'Cliente %'
       AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.client_id = clients.id)`;
}

/** `count` more blocks of the client in June 2025: half categorised (one document each), a third viewed. */
async function addBlocks(count: number, clientId = client.id) {
  await getDb().$executeRaw`
    INSERT INTO blocks (client_id, account_id, payment_date, value_cents, sent_at, version, created_at, updated_at)
    SELECT ${clientId}::int,
           CASE WHEN g % 2 = 0 THEN ${accountId}::int END,
           CASE WHEN g % 2 = 0 THEN date '2025-06-01' + (g % 30) END,
           CASE WHEN g % 2 = 0 THEN 100 + g END,
           timestamptz '2025-06-02T12:00:00Z' + (g || ' minutes')::interval, 1, now(), now()
      FROM generate_series(1, ${count}::int) g`;
  await getDb().$executeRaw`
    INSERT INTO documents (client_id, block_id, display_key, thumb_key, mime, width, height, size, hash)
    SELECT client_id, id, 'documents/' || client_id || '/d' || id || '.webp', 'documents/' || client_id || '/t' || id || '.webp', 'image/webp', 10, 10, 10, 'x'
      FROM blocks b WHERE client_id = ${clientId}::int AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.block_id = b.id)`;
  await getDb().$executeRaw`
    INSERT INTO block_views (block_id, operator_id) SELECT id, ${owner.id}::int FROM blocks WHERE client_id = ${clientId}::int AND id % 3 = 0
    ON CONFLICT DO NOTHING`;
}

test("GET /api/clients: the same number of statements for 10 and for 1,000 clients", async () => {
  await addClients(1, 9);
  const ten = await counted(() => call<ClientCard[]>(clientsGet, { token }));
  expect(ten.result.json.data).toHaveLength(10);
  await addClients(10, 990);
  const thousand = await counted(() => call<ClientCard[]>(clientsGet, { token }));
  expect(thousand.result.json.data).toHaveLength(1_000);
  expect(thousand.result.json.data?.filter((card) => card.hasUncategorizedBlocks)).toHaveLength(999);
  expect(thousand.statements).toBe(ten.statements);
  expect(ten.statements).toBeGreaterThan(0);
  expect(ten.statements).toBeLessThanOrEqual(3);
});

test("POST /api/block/list, one month: the same number of statements for 10 and for 1,000 blocks", async () => {
  const month = { clientId: client.id, year: 2025, month: 6 };
  const total = (answer: ClientBlocksAnswer | undefined) =>
    Object.values(answer?.blocks["2025"]?.["6"] ?? {}).reduce((sum, blocks) => sum + blocks.length, 0);
  await addBlocks(10);
  const ten = await counted(() => call<ClientBlocksAnswer>(listPost, { token, body: month }));
  expect(ten.result.status).toBe(200);
  expect(total(ten.result.json.data)).toBe(10);
  await addBlocks(990);
  const thousand = await counted(() => call<ClientBlocksAnswer>(listPost, { token, body: month }));
  const answer = thousand.result.json.data;
  expect(total(answer)).toBe(1_000);
  const blocks = Object.values(answer?.blocks["2025"]["6"] ?? {}).flat();
  expect(blocks.every((block) => block.documentsUrl.length === 1)).toBe(true);
  expect(blocks.filter((block) => block.viewed).length).toBeGreaterThan(300);
  expect(thousand.statements).toBe(ten.statements);
  // Authentication, the client through the scope, the blocks, the counts.
  expect(ten.statements).toBeLessThanOrEqual(4);
});

test("POST /api/block/contabilize at the desk: the same statements for a month of 10 and of 1,000 blocks", async () => {
  const own = await createClient({ office: { id: officeId } as AccountingOffice, responsible: owner });
  const waiting = () =>
    getDb().block.findFirstOrThrow({
      where: { clientId: own.id, accountId: { not: null }, contabilizedAt: null },
      orderBy: { id: "asc" },
      select: { id: true },
    });
  const post = async () => {
    const { id } = await waiting();
    return counted(() => call<BlockContabilizeAnswer>(contabilizePost, { token, body: { blockId: id, link: null } }));
  };
  await addBlocks(10, own.id);
  const ten = await post();
  expect(ten.result.status).toBe(200);
  expect(ten.result.json.data?.contabilization.lastContabilized).toHaveLength(1);
  await addBlocks(990, own.id);
  const thousand = await post();
  expect(thousand.result.status).toBe(200);
  const month = thousand.result.json.data!.contabilization;
  expect(month.uncontabilizedCount).toBe(498);
  expect(month.lastContabilized).toHaveLength(2);
  // The actor, the posting's transaction (block, lease, row lock, pendency, UPDATE, client, audit event)
  // and the month's answer: a fixed number, whatever the month holds.
  expect(thousand.statements).toBe(ten.statements);
  expect(ten.statements).toBeLessThanOrEqual(14);
});
