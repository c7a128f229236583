// The export of postings: one client's month of `postings` contabilised blocks as a Domínio file and as a
// CSV (POST /api/client/export), and an office of `clients` clients as one ZIP (POST
// /api/accounting/export), each timed until the last byte of the answer, with the app server's peak
// extra RSS meanwhile. The data is written in bulk with SQL: blocks with one (blob-less) document each,
// settings for every client but a tenth (which land in pendencias.txt).
import { currentYearMonth } from "../../lib/format/dates";
import { memory, resetPeak } from "./server";
import { login, type Server } from "./world";

export type ExportRow = {
  name: string;
  postings: number;
  status: number;
  seconds: number[];
  bytes: number;
  peakExtraMb: number;
};

const { year, month } = currentYearMonth();

/** Contabilised blocks of a client in this month, on `accountId`, one document each. */
async function addPostings(server: Server, clientId: number, accountId: number, operatorId: number, count: number) {
  const db = server.getDb();
  await db.$executeRaw`
    INSERT INTO blocks (client_id, account_id, payment_date, value_cents, categorized_by_id, categorized_at,
                        contabilized_by_id, contabilized_at, sent_at, version, created_at, updated_at)
    SELECT ${clientId}::int, ${accountId}::int, date_trunc('month', now())::date + (g % 27),
           1000 + g * 7, ${operatorId}::int, now(), ${operatorId}::int, now(),
           date_trunc('month', now()) + (g % 27 || ' days')::interval, 1, now(), now()
      FROM generate_series(1, ${count}::int) g`;
  await db.$executeRaw`
    INSERT INTO documents (client_id, block_id, display_key, thumb_key, mime, width, height, size, hash)
    SELECT client_id, id, 'documents/' || client_id || '/d' || id || '.webp', 'documents/' || client_id || '/t' || id || '.webp',
           'image/webp', 2000, 1500, 300000, md5(id::text)
      FROM blocks b WHERE client_id = ${clientId}::int AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.block_id = b.id)`;
}

/** One call timed until its last byte, the Next server's RSS sampled every 10 ms. */
async function timed(options: { port: number; nextPid: number; token: string; path: string; body: unknown }) {
  const baseline = memory(options.nextPid).rss;
  resetPeak(options.nextPid);
  let sampled = baseline;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, memory(options.nextPid).rss);
  }, 10);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${options.port}${options.path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
    body: JSON.stringify(options.body),
  });
  const bytes = (await res.arrayBuffer()).byteLength;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const peak = Math.max(sampled, memory(options.nextPid).hwm);
  return { status: res.status, seconds, bytes, peakExtraMb: Math.round((peak - baseline) / 1_048_576) };
}

export async function measureExport(options: {
  server: Server;
  port: number;
  nextPid: number;
  postings: number;
  clients: number;
  runs: number;
  log: (message: string) => void;
}): Promise<ExportRow[]> {
  const { server } = options;
  const db = server.getDb();
  const office = await server.createOffice({ name: "Escritório Bench Exportação" });
  const owner = await server.createAccountingOperator({ office, type: 0 });
  const account = await db.account.create({
    data: {
      officeId: office.id,
      code: "3.1.01.001",
      description: "Despesas",
      yearOfExercise: year,
      reducedCode: "301",
    },
  });
  const big = await server.createClient({ office, responsible: owner, name: "Cliente Grande Bench" });
  await addPostings(server, big.id, account.id, owner.id, options.postings);
  // The rest of the office: `clients - 1` clients of 12 postings each, a tenth of them never configured.
  await db.$executeRaw`
    INSERT INTO clients (office_id, type, name, code, responsible_operator_id, modified_at, created_at, updated_at)
    SELECT ${office.id}::int, 'juridicPerson', 'Cliente Exporta ' || lpad(g::text, 4, '0'),
           lpad((${office.id}::int * 100000 + g)::text, 14, '0'), ${owner.id}::int, now(), now(), now()
      FROM generate_series(1, ${options.clients - 1}::int) g`;
  const others = await db.client.findMany({
    where: { officeId: office.id, id: { not: big.id } },
    select: { id: true },
  });
  for (const client of others) await addPostings(server, client.id, account.id, owner.id, 12);
  await db.$executeRaw`
    INSERT INTO client_export_settings (client_id, counterpart_account, history_code, complement, updated_at)
    SELECT id, '2.1.01', '1', '{fornecedor} {documento}', now() FROM clients WHERE office_id = ${office.id}::int AND id % 10 <> 0
    UNION ALL SELECT ${big.id}::int, '2.1.01', '1', '{fornecedor} {documento}', now() WHERE ${big.id}::int % 10 = 0`;
  await db.$executeRawUnsafe("ANALYZE blocks, documents, clients, client_export_settings");
  const token = await login(options.port, owner.user.email);
  const officePostings = options.postings + others.length * 12;

  const rows: ExportRow[] = [];
  const measure = async (name: string, path: string, body: unknown, postings: number) => {
    const runs = [];
    for (let i = 0; i < options.runs; i += 1)
      runs.push(await timed({ port: options.port, nextPid: options.nextPid, token, path, body }));
    const row = {
      name,
      postings,
      status: runs[runs.length - 1]!.status,
      seconds: runs.map((r) => r.seconds),
      bytes: runs[runs.length - 1]!.bytes,
      peakExtraMb: Math.max(...runs.map((r) => r.peakExtraMb)),
    };
    options.log(`export: ${name}: ${row.seconds.map((s) => s.toFixed(2)).join(" / ")} s, +${row.peakExtraMb} MB`);
    rows.push(row);
  };
  const month0 = { year, month };
  await measure(
    `one client, Domínio`,
    "/api/client/export",
    { clientId: big.id, ...month0, format: "dominio" },
    options.postings,
  );
  await measure(
    `one client, CSV`,
    "/api/client/export",
    { clientId: big.id, ...month0, format: "csv" },
    options.postings,
  );
  await measure(
    `office of ${options.clients} clients, ZIP of Domínio files`,
    "/api/accounting/export",
    { ...month0, format: "dominio" },
    officePostings,
  );
  return rows;
}
