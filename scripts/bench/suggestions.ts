// The account suggestion (docs/decisions/0295-account-suggestions.md), measured two ways:
// - the replay: over each demo client's categorised blocks with a supplier, in the order they were
//   categorised, each block predicted from the blocks before it by the same ranking the server uses
//   (lib/accounts/suggestion-rank.ts): top-1 and top-3 where the supplier was seen before;
// - the time per suggestion at 100k blocks: one client of a fresh office with 100,000 categorised
//   blocks over 200 suppliers (each with its usual account and one block in seven elsewhere), the
//   suggestion computed in this process through the server's own function (its one statement and the
//   ranking) for 300 blocks one at a time, for 300 blocks read without a CNPJ (the supplier's name, as
//   OCR reads it: matched by its normalised name, docs/decisions/0331-suggestion-by-supplier-name.md),
//   and for a list of 100 blocks of 100 suppliers at once.
import { rankAccounts, type AccountUse } from "../../lib/accounts/suggestion-rank";
import type { Server } from "./world";

/**
 * seen: blocks whose supplier the client had categorised before; top1/top3: the ranking's hits; frequent:
 * the hits of the plain "most used so far" rule beside it; known: the blocks whose account had been used
 * for the supplier before (what any ranking learned from the history can reach).
 */
export type ReplayRow = {
  client: string;
  blocks: number;
  seen: number;
  top1: number;
  top3: number;
  frequent: number;
  known: number;
};
export type SuggestionResult = {
  replay: ReplayRow[];
  total: ReplayRow;
  timing: {
    blocks: number;
    suppliers: number;
    calls: number;
    p50: number;
    p95: number;
    listP50: number;
    listP95: number;
    /** One block read without a CNPJ, by its supplier's name. */
    nameP50: number;
    nameP95: number;
  };
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (ms: number) => Number(ms.toFixed(2));

type HistoryRow = { client: string; taxId: string; code: string; at: Date; value: string | null; corrected: boolean };

/** The replay over the demo office's clients (the seed's): see the top of this file. */
export async function replayDemo(server: Server): Promise<{ rows: ReplayRow[]; total: ReplayRow }> {
  const db = server.getDb();
  const history = await db.$queryRaw<HistoryRow[]>`
    SELECT c.name AS client, b.supplier_tax_id AS "taxId", a.code, b.categorized_at AS at,
           b.value_cents::text AS value, (b.account_corrected_at IS NOT NULL) AS corrected
      FROM blocks b
      JOIN clients c ON c.id = b.client_id
      JOIN accounting_offices o ON o.id = c.office_id
      JOIN accounts a ON a.id = b.account_id
     WHERE o.name NOT LIKE 'Escritório Bench%' AND b.supplier_tax_id IS NOT NULL
       AND b.categorized_at IS NOT NULL AND b.undone_at IS NULL AND b.devolved_at IS NULL
     ORDER BY c.name, b.categorized_at, b.id`;
  const rows = new Map<string, ReplayRow>();
  const seen = new Map<string, AccountUse[]>();
  for (const row of history) {
    const tally = rows.get(row.client) ?? {
      client: row.client,
      blocks: 0,
      seen: 0,
      top1: 0,
      top3: 0,
      frequent: 0,
      known: 0,
    };
    rows.set(row.client, tally);
    tally.blocks += 1;
    const key = `${row.client}\u0000${row.taxId}`;
    const before = seen.get(key) ?? [];
    const valueCents = row.value === null ? null : Number(row.value);
    if (before.length > 0) {
      tally.seen += 1;
      const ranked = rankAccounts(before, valueCents).map((one) => one.code);
      if (ranked[0] === row.code) tally.top1 += 1;
      if (ranked.slice(0, 3).includes(row.code)) tally.top3 += 1;
      if (mostUsed(before) === row.code) tally.frequent += 1;
      if (before.some((use) => use.code === row.code)) tally.known += 1;
    }
    before.push({ code: row.code, at: row.at.getTime(), valueCents, corrected: row.corrected });
    seen.set(key, before);
  }
  const list = [...rows.values()];
  const total = list.reduce(
    (sum, row) => ({
      client: "todos",
      blocks: sum.blocks + row.blocks,
      seen: sum.seen + row.seen,
      top1: sum.top1 + row.top1,
      top3: sum.top3 + row.top3,
      frequent: sum.frequent + row.frequent,
      known: sum.known + row.known,
    }),
    { client: "todos", blocks: 0, seen: 0, top1: 0, top3: 0, frequent: 0, known: 0 },
  );
  return { rows: list, total };
}

/** The code used most often so far (ties: the latest used). */
function mostUsed(uses: readonly AccountUse[]): string | undefined {
  const counts = new Map<string, { count: number; at: number }>();
  for (const use of uses) {
    const one = counts.get(use.code) ?? { count: 0, at: 0 };
    counts.set(use.code, { count: one.count + 1, at: Math.max(one.at, use.at) });
  }
  return [...counts.entries()].sort((a, b) => b[1].count - a[1].count || b[1].at - a[1].at)[0]?.[0];
}

const SUPPLIERS = 200;
const ACCOUNTS = 10;
const taxIdOf = (supplier: number) => String(10_000_000_000_000 + supplier).padStart(14, "0");

/** The time per suggestion at `blocks` categorised blocks: see the top of this file. */
export async function timeSuggestions(server: Server, blocks: number) {
  const { accountSuggestions } = await import("../../server/blocks/account-suggestions");
  const db = server.getDb();
  const office = await server.createOffice({ name: "Escritório Bench Sugestões" });
  const owner = await server.createAccountingOperator({ office, type: 0 });
  const client = await server.createClient({ office, responsible: owner });
  const year = new Date().getUTCFullYear();
  await db.$executeRaw`
    INSERT INTO accounts (office_id, code, description, year_of_exercise)
    SELECT ${office.id}::int, '4.2.02.' || lpad(g::text, 3, '0'), 'Despesa ' || g, ${year}::int
      FROM generate_series(1, ${ACCOUNTS}::int) g`;
  await db.$executeRaw`
    INSERT INTO client_accounts (client_id, account_id, activated_at)
    SELECT ${client.id}::int, a.id, now() - interval '20 years' FROM accounts a WHERE a.office_id = ${office.id}::int`;
  const ids = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM accounts WHERE office_id = ${office.id}::int ORDER BY code`;
  // Supplier g % 200; its usual account (supplier % 10), one block in seven the next one; categorised
  // over the ten years before now, one block a little under an hour after the other.
  await db.$executeRawUnsafe(
    `INSERT INTO blocks (client_id, account_id, payment_date, value_cents, categorized_by_id, categorized_at,
                         sent_at, supplier_tax_id, supplier_name_key, version, created_at, updated_at)
     SELECT $1::int,
            ($2::int[])[1 + ((g % ${SUPPLIERS}) + CASE WHEN g % 7 = 0 THEN 1 ELSE 0 END) % ${ACCOUNTS}],
            (now() - ((${blocks} - g) * interval '52 minutes'))::date, 1000 + (g % 50000),
            $3::int, now() - ((${blocks} - g) * interval '52 minutes'),
            now() - ((${blocks} - g) * interval '52 minutes'),
            lpad((10000000000000 + g % ${SUPPLIERS})::text, 14, '0'), 'fornecedor ' || (g % ${SUPPLIERS}),
            1, now(), now()
       FROM generate_series(1, $4::int) g`,
    client.id,
    ids.map((row) => row.id),
    owner.id,
    blocks,
  );
  await db.$executeRawUnsafe("ANALYZE blocks, accounts, client_accounts");
  const scope = { clientId: client.id, officeId: office.id };
  const today = new Date().toISOString();
  const target = (i: number, supplier: number, byName = false) => ({
    id: -1 - i,
    value: "123.45",
    date: null,
    sentDatetime: today,
    reading: {
      source: "xml" as const,
      key: null,
      model: "55" as const,
      cnpj: byName ? null : taxIdOf(supplier),
      supplierName: byName ? `FORNECEDOR ${supplier} LTDA.` : `Fornecedor ${supplier}`,
      date: null,
      value: "123.45",
      confidence: null,
      duplicateOf: [],
      duplicateReasons: [],
    },
  });
  const single: number[] = [];
  const calls = 300;
  for (let i = 0; i < calls + 20; i++) {
    const started = performance.now();
    const found = await accountSuggestions(db, scope, [target(i, (i * 37) % SUPPLIERS)]);
    const ms = performance.now() - started;
    if (found.size !== 1) throw new Error("bench: a supplier with history got no suggestion");
    if (i >= 20) single.push(ms); // the first calls prepare the statement and warm the caches
  }
  const named: number[] = [];
  for (let i = 0; i < calls + 20; i++) {
    const started = performance.now();
    const found = await accountSuggestions(db, scope, [target(i, (i * 37) % SUPPLIERS, true)]);
    const ms = performance.now() - started;
    if (found.size !== 1) throw new Error("bench: a supplier's name with history got no suggestion");
    if (i >= 20) named.push(ms);
  }
  const list: number[] = [];
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    await accountSuggestions(
      db,
      scope,
      Array.from({ length: 100 }, (_, k) => target(k, (i * 100 + k) % SUPPLIERS)),
    );
    if (i >= 5) list.push(performance.now() - started);
  }
  single.sort((a, b) => a - b);
  list.sort((a, b) => a - b);
  named.sort((a, b) => a - b);
  return {
    blocks,
    suppliers: SUPPLIERS,
    calls,
    p50: round(percentile(single, 50)),
    p95: round(percentile(single, 95)),
    listP50: round(percentile(list, 50)),
    listP95: round(percentile(list, 95)),
    nameP50: round(percentile(named, 50)),
    nameP95: round(percentile(named, 95)),
  };
}

export async function measureSuggestions(options: { server: Server; blocks: number }): Promise<SuggestionResult> {
  const { rows, total } = await replayDemo(options.server);
  const timing = await timeSuggestions(options.server, options.blocks);
  return { replay: rows, total, timing };
}
