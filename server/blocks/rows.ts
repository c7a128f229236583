import "server-only";
import { UNCATEGORIZED_KEY, type Block, type BlocksByMonth } from "@/lib/contract/blocks";
import { centsToDecimalText } from "@/lib/format/money";
import { statementRows, type Db, type Tx } from "@/server/db/client";
import { documentImageUrl } from "@/server/documents/signed-url";
import { blockReading, DOCUMENT_FINDINGS_SQL, duplicatesSql, type ReadingColumns } from "./reading";

// The one SQL statement behind every block a list or a save answers with: the blocks of one client
// (optionally of one month, or one block), each with its documents' keys in order (a LATERAL
// aggregate), whether the caller viewed it (block_views) and whether it has an open pendency. No
// per-block query: a month of 10 or of 1,000 blocks is the same single statement. The texts are built
// once, at load, and run as prepared statements outside a transaction (statementRows).

export type MonthFilter = { year: number; month: number };

export type BlockRow = {
  id: number;
  accountId: number | null;
  /** YYYY-MM-DD (to_char in SQL: a date column is read the same by both drivers). */
  paymentDate: string | null;
  /** Cents as text (int8 in SQL). */
  valueCents: string | null;
  contabilizedAt: Date | null;
  sentAt: Date;
  version: number;
  viewed: boolean;
  hasPendency: boolean;
  /** One of its documents is not read yet by the document-read job (documents.read_at). */
  readingPending: boolean;
  /**
   * The documents' keys in order, separated by one space (a key never holds one: blob-key.ts), null
   * without documents: one text column reads faster than a text[] the driver parses.
   */
  displayKeys: string | null;
  thumbKeys: string | null;
  /** YYYY-MM of the block's month: its payment date's, or its send's in São Paulo while uncategorised. */
  yearMonth: string;
} & ReadingColumns;

export type LoadedBlock = { block: Block; year: number; month: number };

const TIME_ZONE = "America/Sao_Paulo";
/** A month's first day as SQL date text (YYYY-MM-01). */
const firstDay = ({ year, month }: MonthFilter) =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-01`;

/** The next calendar month. */
export function nextMonth({ year, month }: MonthFilter): MonthFilter {
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}

/** The values of monthSql(n)'s six parameters for a month. */
export function monthValues(from: MonthFilter): unknown[] {
  const to = nextMonth(from);
  return [firstDay(from), firstDay(to), from.year, from.month, to.year, to.month];
}

/**
 * A block's month: its payment date's (a calendar date), or the São Paulo month of its send while
 * uncategorised (no payment date). The São Paulo midnights are computed by PostgreSQL from the zone
 * data, so the (client_id, sent_at) index serves the range. Parameters $n … $n+5 (monthValues).
 */
export function monthSql(n: number): string {
  return monthRangeSql({
    from: `$${n}::date`,
    to: `$${n + 1}::date`,
    fromMidnight: `make_timestamp($${n + 2}::int, $${n + 3}::int, 1, 0, 0, 0)`,
    toMidnight: `make_timestamp($${n + 4}::int, $${n + 5}::int, 1, 0, 0, 0)`,
  });
}

/**
 * The month filter of monthSql over SQL expressions: the first days of the month and of the next as
 * dates (`from`, `to`) and as timestamps without zone (their midnights, read in São Paulo).
 */
function monthRangeSql(r: { from: string; to: string; fromMidnight: string; toMidnight: string }): string {
  return `AND ((b.payment_date >= ${r.from} AND b.payment_date < ${r.to})
     OR (b.payment_date IS NULL
         AND b.sent_at >= (${r.fromMidnight} AT TIME ZONE '${TIME_ZONE}')
         AND b.sent_at < (${r.toMidnight} AT TIME ZONE '${TIME_ZONE}')))`;
}

/** A block's YYYY-MM (see BlockRow.yearMonth) as an SQL expression over the alias `b`. */
const BLOCK_YEAR_MONTH_SQL = `to_char(COALESCE(b.payment_date, (b.sent_at AT TIME ZONE '${TIME_ZONE}')::date),
  'YYYY-MM')`;

// The keys come joined by spaces (cheaper to read than an array), a document without its page yet as
// NO_PAGE (no document key is "-", they all start with "clients/").
const NO_PAGE = "-";
const sign = (keys: string | null) =>
  keys ? keys.split(" ").map((key) => documentImageUrl(key === NO_PAGE ? null : key)) : [];

export function toLoaded(row: BlockRow): LoadedBlock {
  const year = Number(row.yearMonth.slice(0, 4));
  const month = Number(row.yearMonth.slice(5, 7));
  const block: Block = {
    id: row.id,
    date: row.paymentDate,
    value: row.valueCents === null ? null : centsToDecimalText(BigInt(row.valueCents)),
    viewed: row.viewed,
    ...(row.contabilizedAt ? { contabilizedDatetime: row.contabilizedAt.toISOString() } : {}),
    documentsUrl: sign(row.displayKeys),
    thumbnailsUrl: sign(row.thumbKeys),
    accountId: row.accountId,
    sentDatetime: row.sentAt.toISOString(),
    version: row.version,
    hasPendency: row.hasPendency,
    reading: blockReading(row),
    readingPending: row.readingPending,
    // Filled by the office's reads that offer it (withAccountSuggestions).
    accountSuggestion: null,
  };
  return { block, year, month };
}

/** year → month → account id (or UNCATEGORIZED_KEY) → blocks, keeping the rows' order (newest first). */
export function groupByMonth(loaded: readonly LoadedBlock[]): BlocksByMonth {
  const map: BlocksByMonth = {};
  for (const { block, year, month } of loaded) {
    const months = (map[String(year)] ??= {});
    const accounts = (months[String(month)] ??= {});
    (accounts[block.accountId === null ? UNCATEGORIZED_KEY : String(block.accountId)] ??= []).push(block);
  }
  return map;
}

export type BlockRowsQuery = {
  clientId: number;
  /** The accounting operator whose block_views row makes `viewed` true. */
  operatorId: number;
  month?: MonthFilter;
  blockId?: number;
};

/**
 * The blocks statement for a client and an operator given as SQL expressions (parameters, or columns
 * of an enclosing query), with a filter; `ord` numbers the rows in the list's order (newest first:
 * payment date, then send), for a query that wraps this one to keep.
 */
export function blockRowsSql(refs: { client: string; operator: string }, filter: string): string {
  return `
    SELECT b.id, b.account_id AS "accountId", to_char(b.payment_date, 'YYYY-MM-DD') AS "paymentDate",
           b.value_cents::text AS "valueCents", b.contabilized_at AS "contabilizedAt", b.sent_at AS "sentAt", b.version,
           (seen.one IS NOT NULL) AS viewed, (open.one IS NOT NULL) AS "hasPendency",
           COALESCE(docs.unread, false) AS "readingPending",
           docs.display AS "displayKeys", docs.thumbs AS "thumbKeys",
           docs.findings,
           ${duplicatesSql("b", { codes: "docs.codes", ids: "docs.ids", hashes: "docs.hashes" })} AS duplicates,
           ${BLOCK_YEAR_MONTH_SQL} AS "yearMonth",
           row_number() OVER (ORDER BY b.payment_date DESC NULLS FIRST, b.sent_at DESC, b.id DESC)::int AS ord
      FROM blocks b
      -- LATERAL … LIMIT 1 rather than EXISTS: probed per block through the primary key / block_id
      -- index, never turned into a hashed scan of all the operator's views or all open pendencies.
      LEFT JOIN LATERAL (
        SELECT 1 AS one FROM block_views v WHERE v.block_id = b.id AND v.operator_id = ${refs.operator} LIMIT 1
      ) seen ON TRUE
      LEFT JOIN LATERAL (
        SELECT 1 AS one FROM pendencies p WHERE p.block_id = b.id AND p.solved_at IS NULL LIMIT 1
      ) open ON TRUE
      LEFT JOIN LATERAL (
        SELECT array_to_string(array_agg(d.display_key ORDER BY d.position, d.id), ' ', '${NO_PAGE}') AS display,
               array_to_string(array_agg(d.thumb_key ORDER BY d.position, d.id), ' ', '${NO_PAGE}') AS thumbs,
               (json_agg(fd.found ORDER BY d.position, d.id) FILTER (WHERE fd.found IS NOT NULL))::text AS findings,
               string_agg(fd.codes, ' ') AS codes, array_agg(d.id) AS ids,
               array_agg(d.photo_hash) FILTER (WHERE d.photo_hash IS NOT NULL) AS hashes,
               bool_or(d.read_at IS NULL) AS unread
          FROM documents d
          ${DOCUMENT_FINDINGS_SQL}
         WHERE d.block_id = b.id AND d.deleted_at IS NULL
      ) docs ON TRUE
     WHERE b.client_id = ${refs.client} AND b.undone_at IS NULL AND b.devolved_at IS NULL
       ${filter}
     ORDER BY ord`;
}

const PARAMS = { client: "$1::int", operator: "$2::int" };
export const BLOCK_ROWS = {
  all: blockRowsSql(PARAMS, ""),
  month: blockRowsSql(PARAMS, monthSql(3)),
  one: blockRowsSql(PARAMS, "AND b.id = $3::int"),
};

/** Live blocks (not devolved, not undone) of the client, newest first (payment date, then send). */
export async function loadBlockRows(db: Db | Tx, query: BlockRowsQuery): Promise<LoadedBlock[]> {
  const head = [query.clientId, query.operatorId];
  const rows =
    query.blockId !== undefined
      ? await statementRows<BlockRow>(db, BLOCK_ROWS.one, [...head, query.blockId])
      : query.month !== undefined
        ? await statementRows<BlockRow>(db, BLOCK_ROWS.month, [...head, ...monthValues(query.month)])
        : await statementRows<BlockRow>(db, BLOCK_ROWS.all, head);
  return rows.map(toLoaded);
}

/**
 * The two badge counts of a client given as an SQL expression: ONE row, read from client_block_counts,
 * which the triggers on blocks keep (a client without a row has none): the client's live blocks without
 * an account (Categorizar badge) and categorised but not yet contabilised (Contabilizar badge).
 */
export function blockCountsSql(client: string): string {
  return `
  SELECT COALESCE(k.uncategorized, 0) AS "uncategorizedCount", COALESCE(k.uncontabilized, 0) AS "uncontabilizedCount"
    FROM (SELECT 1) one
    LEFT JOIN client_block_counts k ON k.client_id = ${client}`;
}

export type BlockCounts = { uncategorizedCount: number; uncontabilizedCount: number };
