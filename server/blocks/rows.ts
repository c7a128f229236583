import "server-only";
import type { Block } from "@/lib/contract/blocks";
import { saoPauloParts } from "@/lib/format";
import { centsToDecimalText } from "@/lib/format/money";
import { Prisma, type Db, type Tx } from "@/server/db/client";
import { signDocumentUrl } from "@/server/documents/signed-url";

// The one SQL statement behind every block a list or a save answers with: the blocks of one client
// (optionally of one month, or one block), each with its documents' keys in order (a LATERAL
// aggregate), whether the caller viewed it (block_views) and whether it has an open pendency. No
// per-block query: a month of 10 or of 1,000 blocks is the same single statement.

export type MonthFilter = { year: number; month: number };

type BlockRow = {
  id: number;
  accountId: number | null;
  paymentDate: Date | null;
  valueCents: bigint | null;
  contabilizedAt: Date | null;
  sentAt: Date;
  version: number;
  viewed: boolean;
  hasPendency: boolean;
  displayKeys: string[] | null;
  thumbKeys: string[] | null;
};

export type LoadedBlock = { block: Block; year: number; month: number };

const TIME_ZONE = "America/Sao_Paulo";

/** The next calendar month. */
export function nextMonth({ year, month }: MonthFilter): MonthFilter {
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}

/**
 * A block's month: its payment date's (a calendar date, stored as UTC midnight), or the São Paulo
 * month of its send while uncategorised (no payment date).
 */
export function monthFilter(from: MonthFilter) {
  const to = nextMonth(from);
  const startDate = new Date(Date.UTC(from.year, from.month - 1, 1));
  const endDate = new Date(Date.UTC(to.year, to.month - 1, 1));
  // São Paulo midnights as instants, computed by PostgreSQL from the zone data (constants to the
  // planner, so the (client_id, sent_at) index serves the range).
  return Prisma.sql`AND ((b.payment_date >= ${startDate}::date AND b.payment_date < ${endDate}::date)
     OR (b.payment_date IS NULL
         AND b.sent_at >= (make_timestamp(${from.year}::int, ${from.month}::int, 1, 0, 0, 0) AT TIME ZONE ${TIME_ZONE})
         AND b.sent_at < (make_timestamp(${to.year}::int, ${to.month}::int, 1, 0, 0, 0) AT TIME ZONE ${TIME_ZONE})))`;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const sign = (keys: string[] | null) => (keys ?? []).map((key) => signDocumentUrl(key));

function toLoaded(row: BlockRow): LoadedBlock {
  const { year, month } = row.paymentDate
    ? { year: row.paymentDate.getUTCFullYear(), month: row.paymentDate.getUTCMonth() + 1 }
    : saoPauloParts(row.sentAt);
  const block: Block = {
    id: row.id,
    date: row.paymentDate ? isoDate(row.paymentDate) : null,
    value: row.valueCents === null ? null : centsToDecimalText(row.valueCents),
    viewed: row.viewed,
    ...(row.contabilizedAt ? { contabilizedDatetime: row.contabilizedAt.toISOString() } : {}),
    documentsUrl: sign(row.displayKeys),
    thumbnailsUrl: sign(row.thumbKeys),
    accountId: row.accountId,
    sentDatetime: row.sentAt.toISOString(),
    version: row.version,
    hasPendency: row.hasPendency,
  };
  return { block, year, month };
}

export type BlockRowsQuery = {
  clientId: number;
  /** The accounting operator whose block_views row makes `viewed` true. */
  operatorId: number;
  month?: MonthFilter;
  blockId?: number;
};

/** Live blocks (not devolved, not undone) of the client, newest first (payment date, then send). */
export async function loadBlockRows(db: Db | Tx, query: BlockRowsQuery): Promise<LoadedBlock[]> {
  const rows = await db.$queryRaw<BlockRow[]>`
    SELECT b.id, b.account_id AS "accountId", b.payment_date AS "paymentDate", b.value_cents AS "valueCents",
           b.contabilized_at AS "contabilizedAt", b.sent_at AS "sentAt", b.version,
           (seen.one IS NOT NULL) AS viewed, (open.one IS NOT NULL) AS "hasPendency",
           docs.display AS "displayKeys", docs.thumbs AS "thumbKeys"
      FROM blocks b
      -- LATERAL … LIMIT 1 rather than EXISTS: probed per block through the primary key / block_id
      -- index, never turned into a hashed scan of all the operator's views or all open pendencies.
      LEFT JOIN LATERAL (
        SELECT 1 AS one FROM block_views v WHERE v.block_id = b.id AND v.operator_id = ${query.operatorId} LIMIT 1
      ) seen ON TRUE
      LEFT JOIN LATERAL (
        SELECT 1 AS one FROM pendencies p WHERE p.block_id = b.id AND p.solved_at IS NULL LIMIT 1
      ) open ON TRUE
      LEFT JOIN LATERAL (
        SELECT array_agg(d.display_key ORDER BY d.id) AS display, array_agg(d.thumb_key ORDER BY d.id) AS thumbs
          FROM documents d
         WHERE d.block_id = b.id AND d.deleted_at IS NULL
      ) docs ON TRUE
     WHERE b.client_id = ${query.clientId} AND b.undone_at IS NULL AND b.devolved_at IS NULL
       ${query.blockId === undefined ? Prisma.empty : Prisma.sql`AND b.id = ${query.blockId}`}
       ${query.month === undefined ? Prisma.empty : monthFilter(query.month)}
     ORDER BY b.payment_date DESC NULLS FIRST, b.sent_at DESC, b.id DESC`;
  return rows.map(toLoaded);
}

export type BlockCounts = { uncategorizedCount: number; uncontabilizedCount: number };

/**
 * The client's live blocks without an account (Categorizar badge) and categorised but not yet
 * contabilised (Contabilizar badge): one statement over the open blocks only.
 */
export async function loadBlockCounts(db: Db | Tx, clientId: number): Promise<BlockCounts> {
  const [row] = await db.$queryRaw<BlockCounts[]>`
    SELECT count(*) FILTER (WHERE b.account_id IS NULL)::int AS "uncategorizedCount",
           count(*) FILTER (WHERE b.account_id IS NOT NULL)::int AS "uncontabilizedCount"
      FROM blocks b
     WHERE b.client_id = ${clientId} AND b.contabilized_at IS NULL AND b.devolved_at IS NULL AND b.undone_at IS NULL`;
  return row ?? { uncategorizedCount: 0, uncontabilizedCount: 0 };
}
