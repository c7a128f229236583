import "server-only";
import type { AccountSuggestion } from "@/lib/contract/suggestion";
import { rankAccounts, type AccountUse } from "@/lib/accounts/suggestion-rank";
import { covers, monthIndex } from "@/server/accounts/month-plan";
import { statementRows, type Db, type Tx } from "@/server/db/client";
import { blockYearMonth } from "@/lib/blocks/block-month";
import type { Block } from "@/lib/contract/blocks";

// The account suggested for each block of an office read (docs/decisions/0295-account-suggestions.md),
// computed when read, never stored: ONE statement for any number of blocks, whatever the client's
// history. A block's supplier is its reading's CNPJ (or CPF), else the supplier's name it read (a
// receipt read by OCR), normalised (docs/decisions/0331-suggestion-by-supplier-name.md). Per supplier of
// the blocks: the client's last USES_PER_SUPPLIER categorisations of it (the blocks_supplier_uses_idx
// range, newest first; by name, blocks_supplier_name_uses_idx) and, for a supplier the client never
// categorised, each of the office's other clients' last ones (the same index, probed once per client of
// the office; their counts per code: a weaker hint); then the charts of the
// blocks' years and the client's activations of the codes met, for the month rule. The ranking is
// lib/accounts/suggestion-rank.ts; a code is suggested only as an active analytic account of the
// block's year, available to the client in the block's month.

/** How far back a supplier's history is read: the recency weight makes older uses count for little. */
export const USES_PER_SUPPLIER = 30;

// Per supplier: `by` says how the block names it ('cnpj': its reading's CNPJ or CPF; 'name': without
// one, its supplier's name, normalised by the SQL function supplier_name_key, the one normalisation, the
// same the blocks' supplier_name_key was written with) and `supplier` is the CNPJ or the normalised name.
const USES = (column: string, key: string) => `
            SELECT u.id, u.account_id, u.categorized_at, u.value_cents, u.account_corrected_at
              FROM blocks u
             WHERE u.client_id = $1::int AND u.${column} = ${key} AND u.account_id IS NOT NULL
               AND u.undone_at IS NULL AND u.devolved_at IS NULL
             ORDER BY u.categorized_at DESC NULLS LAST
             LIMIT ${USES_PER_SUPPLIER}`;
const OFFICE_USES = (column: string, key: string) => `
            SELECT u.account_id, u.categorized_at
              FROM blocks u
             WHERE u.client_id = c.id AND u.${column} = ${key} AND u.account_id IS NOT NULL
               AND u.undone_at IS NULL AND u.devolved_at IS NULL
             ORDER BY u.categorized_at DESC NULLS LAST
             LIMIT ${USES_PER_SUPPLIER}`;

const SUGGESTION_SQL = `
  WITH names AS (
    SELECT DISTINCT n.name, supplier_name_key(n.name) AS key FROM unnest($5::text[]) AS n(name)
  ),
  sup AS (
    SELECT DISTINCT 'cnpj' AS by, t.tax_id AS supplier FROM unnest($3::text[]) AS t(tax_id)
    UNION
    SELECT DISTINCT 'name', n.key FROM names n WHERE n.key IS NOT NULL
  ),
  own AS (
    SELECT s.by, s.supplier, u.id AS "blockId", a.code, u.categorized_at AS at, u.value_cents::text AS value,
           (u.account_corrected_at IS NOT NULL) AS corrected
      FROM sup s
     CROSS JOIN LATERAL (${USES("supplier_tax_id", "s.supplier")}) u
      JOIN accounts a ON a.id = u.account_id
     WHERE s.by = 'cnpj'
    UNION ALL
    SELECT s.by, s.supplier, u.id, a.code, u.categorized_at, u.value_cents::text,
           (u.account_corrected_at IS NOT NULL)
      FROM sup s
     CROSS JOIN LATERAL (${USES("supplier_name_key", "s.supplier")}) u
      JOIN accounts a ON a.id = u.account_id
     WHERE s.by = 'name'
  ),
  unknown AS (
    SELECT s.by, s.supplier FROM sup s
     WHERE NOT EXISTS (SELECT 1 FROM own o WHERE o.by = s.by AND o.supplier = s.supplier)
  ),
  office AS (
    SELECT k.by, k.supplier, a.code, count(*)::int AS count, max(u.categorized_at) AS at
      FROM unknown k
      JOIN clients c ON c.office_id = $2::int AND c.id <> $1::int
     CROSS JOIN LATERAL (${OFFICE_USES("supplier_tax_id", "k.supplier")}) u
      JOIN accounts a ON a.id = u.account_id
     WHERE k.by = 'cnpj'
     GROUP BY k.by, k.supplier, a.code
    UNION ALL
    SELECT k.by, k.supplier, a.code, count(*)::int, max(u.categorized_at)
      FROM unknown k
      JOIN clients c ON c.office_id = $2::int AND c.id <> $1::int
     CROSS JOIN LATERAL (${OFFICE_USES("supplier_name_key", "k.supplier")}) u
      JOIN accounts a ON a.id = u.account_id
     WHERE k.by = 'name'
     GROUP BY k.by, k.supplier, a.code
  ),
  codes AS (SELECT code FROM own UNION SELECT code FROM office)
  SELECT (SELECT json_agg(names) FROM names)::text AS names,
         (SELECT json_agg(own) FROM own)::text AS own,
         (SELECT json_agg(office) FROM office)::text AS office,
         (SELECT json_agg(json_build_object('id', a.id, 'code', a.code, 'year', a.year_of_exercise))
            FROM accounts a
           WHERE a.office_id = $2::int AND a.year_of_exercise = ANY($4::int[]) AND a.active
             AND a.type = 'analytic' AND a.code IN (SELECT code FROM codes))::text AS chart,
         (SELECT json_agg(json_build_object('code', a.code, 'activatedAt', ca.activated_at,
                                            'deactivatedAt', ca.deactivated_at))
            FROM client_accounts ca JOIN accounts a ON a.id = ca.account_id
           WHERE ca.client_id = $1::int AND a.code IN (SELECT code FROM codes))::text AS activations`;

type Row = {
  names: string | null;
  own: string | null;
  office: string | null;
  chart: string | null;
  activations: string | null;
};
type SupplierBy = "cnpj" | "name";
type NameKey = { name: string; key: string | null };
type OwnUse = {
  by: SupplierBy;
  supplier: string;
  blockId: number;
  code: string;
  at: string | null;
  value: string | null;
  corrected: boolean;
};
type OfficeUse = { by: SupplierBy; supplier: string; code: string; count: number; at: string | null };
type ChartAccount = { id: number; code: string; year: number };
type Activation = { code: string; activatedAt: string; deactivatedAt: string | null };

const parse = <T>(json: string | null): T[] => (json === null ? [] : (JSON.parse(json) as T[]));
const cents = (value: string | null) => (value === null ? null : Number(value.split(".")[0]));

export type SuggestionScope = { clientId: number; officeId: number };
/** A block as read: the fields of its answer the suggestion looks at. */
export type SuggestionBlock = Pick<Block, "id" | "value" | "date" | "sentDatetime" | "reading">;

/** The supplier a block's suggestion keys on: its reading's CNPJ (or CPF), else its supplier's name. */
function supplierOf(block: SuggestionBlock): { by: SupplierBy; value: string } | null {
  const taxId = block.reading?.cnpj;
  if (taxId) return { by: "cnpj", value: taxId };
  const name = block.reading?.supplierName?.trim();
  return name ? { by: "name", value: name } : null;
}

/**
 * The suggestion of each block that has a supplier (its reading's CNPJ or CPF, else the supplier's name
 * it read, normalised) and a history to learn from, by block id; no statement when no block has a
 * supplier.
 */
export async function accountSuggestions(
  db: Db | Tx,
  scope: SuggestionScope,
  blocks: readonly SuggestionBlock[],
): Promise<Map<number, AccountSuggestion>> {
  const found = new Map<number, AccountSuggestion>();
  const targets = blocks.flatMap((block) => {
    const supplier = supplierOf(block);
    return supplier ? [{ block, supplier, ...blockYearMonth(block) }] : [];
  });
  if (targets.length === 0) return found;
  const distinct = (by: SupplierBy) => [
    ...new Set(targets.flatMap(({ supplier }) => (supplier.by === by ? [supplier.value] : []))),
  ];
  const years = [...new Set(targets.map((one) => one.year))];
  const [row] = await statementRows<Row>(db, SUGGESTION_SQL, [
    scope.clientId,
    scope.officeId,
    distinct("cnpj"),
    years,
    distinct("name"),
  ]);
  const keys = new Map(parse<NameKey>(row?.names ?? null).map((one) => [one.name, one.key]));
  const own = parse<OwnUse>(row?.own ?? null);
  const office = parse<OfficeUse>(row?.office ?? null);
  const chart = parse<ChartAccount>(row?.chart ?? null);
  const activations = parse<Activation>(row?.activations ?? null).map((a) => ({
    code: a.code,
    activatedAt: new Date(a.activatedAt),
    deactivatedAt: a.deactivatedAt === null ? null : new Date(a.deactivatedAt),
  }));
  // The account of `code` in the chart of the block's year, when the client has it in the block's month.
  const chartIds = new Map(chart.map((a) => [`${a.year} ${a.code}`, a.id]));
  const accountOf = (code: string, year: number, month: number): number | null => {
    const account = chartIds.get(`${year} ${code}`);
    if (account === undefined) return null;
    const at = monthIndex(year, month);
    return activations.some((a) => a.code === code && covers(a, at)) ? account : null;
  };
  const ownBySupplier = groupBy(own, (use) => `${use.by} ${use.supplier}`);
  const officeBySupplier = groupBy(office, (hint) => `${hint.by} ${hint.supplier}`);
  for (const { block, supplier, year, month } of targets) {
    const supplierName = block.reading?.supplierName ?? null;
    const key = supplier.by === "cnpj" ? supplier.value : keys.get(supplier.value);
    if (!key) continue; // a name of legal suffixes and punctuation only
    const group = `${supplier.by} ${key}`;
    const uses: AccountUse[] = (ownBySupplier.get(group) ?? [])
      .filter((use) => use.blockId !== block.id)
      .map((use) => ({
        code: use.code,
        at: use.at === null ? 0 : Date.parse(use.at),
        valueCents: cents(use.value),
        corrected: use.corrected,
      }));
    const value = block.value === null ? null : Math.round(Number(block.value) * 100);
    const ranked: { code: string; count: number; kind: "supplier" | "office" }[] =
      uses.length > 0
        ? rankAccounts(uses, value).map((one) => ({ code: one.code, count: one.count, kind: "supplier" }))
        : [...(officeBySupplier.get(group) ?? [])]
            .sort((a, b) => b.count - a.count || time(b.at) - time(a.at) || (a.code < b.code ? -1 : 1))
            .map((hint) => ({ code: hint.code, count: hint.count, kind: "office" }));
    for (const candidate of ranked) {
      const accountId = accountOf(candidate.code, year, month);
      if (accountId === null) continue;
      found.set(block.id, { accountId, reason: { kind: candidate.kind, count: candidate.count, supplierName } });
      break;
    }
  }
  return found;
}

const time = (at: string | null) => (at === null ? 0 : Date.parse(at));

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Sets each block's `accountSuggestion` (null where there is none): the office's block answers. */
export async function withAccountSuggestions(
  db: Db | Tx,
  scope: SuggestionScope,
  blocks: readonly (SuggestionBlock & Pick<Block, "accountSuggestion">)[],
): Promise<void> {
  const found = await accountSuggestions(db, scope, blocks);
  for (const block of blocks) block.accountSuggestion = found.get(block.id) ?? null;
}
