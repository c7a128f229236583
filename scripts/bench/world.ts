// The bench's own data, made in its database beside the demo seed: with the seed's row builders
// (server/seed/builders, the ones the tests use) for the people, and set-based SQL (generate_series)
// for blocks in bulk. Also the in-process side of the bench (the query counts): this process then
// imports the server's modules against the same database, blob folder and secrets as the servers.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { currentYearMonth } from "../../lib/format/dates";
import { data, type Call } from "./load";

export type Login = { email: string; token: string };

/** Points this process at the bench server's database, blobs and secrets; returns the server modules. */
export async function inProcess(databaseUrl: string, dataDir: string) {
  const secrets = JSON.parse(readFileSync(resolve(dataDir, "secrets.json"), "utf8")) as Record<string, string>;
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: secrets.JWT_SECRET,
    FILE_URL_SECRET: secrets.FILE_URL_SECRET,
  });
  const [offices, clients, db] = await Promise.all([
    import("../../server/seed/builders/offices"),
    import("../../server/seed/builders/clients"),
    import("../../server/db/client"),
  ]);
  return { ...offices, ...clients, getDb: db.getDb, disconnectDb: db.disconnectDb };
}
export type Server = Awaited<ReturnType<typeof inProcess>>;

export async function login(port: number, email: string, password = "demo1234"): Promise<string> {
  const answer = await data<{ access: string }>({ port, path: "/api/token/", body: { username: email, password } });
  return answer.access;
}

const { year, month } = currentYearMonth();
const mm = String(month).padStart(2, "0");
/** The first day of the current month (São Paulo), as SQL `date` text. */
export const monthStart = `${year}-${mm}-01`;

/** `count` uncategorised blocks of a client sent this month, one (blob-less) document each. */
export async function addUncategorizedBlocks(server: Server, clientId: number, count: number): Promise<void> {
  const db = server.getDb();
  await db.$executeRaw`
    INSERT INTO blocks (client_id, sent_at, version, created_at, updated_at)
    SELECT ${clientId}::int, date_trunc('month', now()) + (g || ' minutes')::interval, 0, now(), now()
      FROM generate_series(1, ${count}::int) g`;
  await addDocuments(server, clientId);
}

async function addDocuments(server: Server, clientId: number): Promise<void> {
  await server.getDb().$executeRaw`
    INSERT INTO documents (client_id, block_id, display_key, thumb_key, mime, width, height, size, hash)
    SELECT client_id, id, 'documents/' || client_id || '/d' || id || '.webp', 'documents/' || client_id || '/t' || id || '.webp', 'image/webp', 2000, 1500, 300000, md5(id::text)
      FROM blocks b WHERE client_id = ${clientId}::int AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.block_id = b.id)`;
}

/** `count` more clients of an office, named 'Cliente N', with the given responsible operator. */
export async function addClients(
  server: Server,
  officeId: number,
  responsibleId: number,
  count: number,
): Promise<void> {
  await server.getDb().$executeRaw`
    INSERT INTO clients (office_id, type, name, code, responsible_operator_id, modified_at, created_at, updated_at)
    SELECT ${officeId}::int, 'juridicPerson', 'Cliente ' || lpad(g::text, 4, '0'), lpad((${officeId}::int * 100000 + g)::text, 14, '0'), ${responsibleId}::int, now(), now(), now()
      FROM generate_series(1, ${count}::int) g`;
}

export type CategorizationWorld = { operators: { token: string; clientId: number }[]; accountId: number; date: string };

/** One office, `operators` accounting operators each responsible for one client with `blocks` uncategorised blocks. */
export async function categorizationWorld(
  server: Server,
  port: number,
  operators: number,
  blocks: number,
): Promise<CategorizationWorld> {
  const office = await server.createOffice({ name: "Escritório Bench Categorização" });
  const account = await server.getDb().account.create({
    data: { officeId: office.id, code: "4.1.01.001", description: "Despesas gerais", yearOfExercise: year },
  });
  const out: CategorizationWorld["operators"] = [];
  for (let i = 0; i < operators; i += 1) {
    const operator = await server.createAccountingOperator({ office, type: 2 });
    const client = await server.createClient({ office, responsible: operator });
    await server.activateAccount({ client, account, activatedAt: new Date(Date.UTC(year, month - 1, 1)) });
    await addUncategorizedBlocks(server, client.id, blocks);
    out.push({ token: await login(port, operator.user.email), clientId: client.id });
  }
  return { operators: out, accountId: account.id, date: monthStart };
}

/** An office whose owner sees `clients` clients (the Lighthouse /home), with the owner's login. */
export async function officeWithClients(server: Server, clients: number) {
  const office = await server.createOffice({ name: "Escritório Bench Cem Clientes" });
  const owner = await server.createAccountingOperator({ office, type: 0 });
  const first = await server.createClient({ office, responsible: owner });
  await addClients(server, office.id, owner.id, clients - 1);
  return { email: owner.user.email, password: "demo1234", officeId: office.id, clientId: first.id };
}

/**
 * The scale office: an owner, one client holding all the blocks, `monthBlocks` of them in the current
 * month (half categorised on one account, a third viewed by the owner) and the rest spread over the
 * 10 years before; grow(total) adds blocks up to `total`.
 */
export async function scaleWorld(server: Server, port: number, monthBlocks: number) {
  const office = await server.createOffice({ name: "Escritório Bench Escala" });
  const owner = await server.createAccountingOperator({ office, type: 0 });
  const client = await server.createClient({ office, responsible: owner });
  await addClients(server, office.id, owner.id, 49);
  const account = await server
    .getDb()
    .account.create({ data: { officeId: office.id, code: "1.1.01.001", description: "Caixa", yearOfExercise: year } });
  const db = server.getDb();
  let have = 0;
  const insert = async (count: number, inMonth: boolean) => {
    // Older blocks: sent over the 120 months before this one; the month's: within the month.
    const sentAt = inMonth
      ? `date_trunc('month', now()) + (g % 27 || ' days')::interval`
      : `date_trunc('month', now()) - ((1 + g % 3650) || ' days')::interval`;
    await db.$executeRawUnsafe(
      `INSERT INTO blocks (client_id, account_id, payment_date, value_cents, categorized_by_id, categorized_at, sent_at, version, created_at, updated_at)
       SELECT $1::int,
              CASE WHEN g % 2 = 0 THEN $2::int END,
              CASE WHEN g % 2 = 0 THEN (${sentAt})::date END,
              CASE WHEN g % 2 = 0 THEN 100 + g END,
              CASE WHEN g % 2 = 0 THEN $3::int END,
              CASE WHEN g % 2 = 0 THEN now() END,
              ${sentAt}, CASE WHEN g % 2 = 0 THEN 1 ELSE 0 END, now(), now()
         FROM generate_series($4::int, $5::int) g`,
      client.id,
      account.id,
      owner.id,
      have + 1,
      have + count,
    );
    have += count;
  };
  await insert(monthBlocks, true);
  const grow = async (total: number) => {
    if (total > have) await insert(total - have, false);
    await addDocuments(server, client.id);
    await db.$executeRaw`INSERT INTO block_views (block_id, operator_id) SELECT id, ${owner.id}::int FROM blocks WHERE client_id = ${client.id}::int AND id % 3 = 0 ON CONFLICT DO NOTHING`;
    await db.$executeRawUnsafe("ANALYZE blocks, documents, block_views");
  };
  return { token: await login(port, owner.user.email), clientId: client.id, grow, blocks: () => have };
}

/** A company user (business platform) of a fresh client: the sender of the ingest. */
export async function businessSender(server: Server, port: number) {
  const operator = await server.createClientOperator({ type: 0 });
  return { token: await login(port, operator.user.email) };
}

export const post = (port: number, path: string, token: string, body: unknown): Call => ({
  port,
  path,
  token,
  body,
  method: "POST",
});
export const get = (port: number, path: string, token?: string): Call => ({ port, path, token, method: "GET" });
