import "server-only";
import type { ExportIssue } from "@/lib/contract/exports";
import { fillComplement, SYSTEM_CODE_PATTERN, type Posting } from "@/lib/exports/postings";
import { parseAccessKey } from "@/lib/fiscal/access-key";
import { formatCents } from "@/lib/format/money";
import { messages } from "@/lib/i18n/messages";
import { brazilianDate } from "@/lib/exports/postings";
import { blockReading, DOCUMENT_FINDINGS_SQL } from "@/server/blocks/reading";
import { monthSql, monthValues, type MonthFilter } from "@/server/blocks/rows";
import { statementRows, type Db } from "@/server/db/client";

// A month's postings: the blocks /api/block/list lists for the month (live: not undone, not devolved; of
// the month by payment date, or by São Paulo send date while uncategorised: the same monthSql), each with
// its account and its documents' findings, for any number of clients in ONE statement (the office's ZIP
// reads 400 clients at once). planMonth turns them into the postings or what stops the export.

const m = messages.exports;

export type MonthBlock = {
  clientId: number;
  id: number;
  /** YYYY-MM-DD, null while uncategorised. */
  paymentDate: string | null;
  valueCents: string | null;
  contabilized: boolean;
  /** The São Paulo date of the send, YYYY-MM-DD. */
  sentDate: string;
  accountId: number | null;
  accountCode: string | null;
  reducedCode: string | null;
  accountDescription: string | null;
  findings: string | null;
};

const MONTH_BLOCKS_SQL = `
  SELECT b.client_id AS "clientId", b.id, to_char(b.payment_date, 'YYYY-MM-DD') AS "paymentDate",
         b.value_cents::text AS "valueCents", (b.contabilized_at IS NOT NULL) AS contabilized,
         to_char((b.sent_at AT TIME ZONE 'America/Sao_Paulo'), 'YYYY-MM-DD') AS "sentDate",
         a.id AS "accountId", a.code AS "accountCode", a.reduced_code AS "reducedCode",
         a.description AS "accountDescription", docs.findings
    FROM blocks b
    LEFT JOIN accounts a ON a.id = b.account_id
    LEFT JOIN LATERAL (
      SELECT (json_agg(fd.found ORDER BY d.position, d.id) FILTER (WHERE fd.found IS NOT NULL))::text AS findings
        FROM documents d
        ${DOCUMENT_FINDINGS_SQL}
       WHERE d.block_id = b.id AND d.deleted_at IS NULL
    ) docs ON TRUE
   WHERE b.client_id = ANY($1::int[]) AND b.undone_at IS NULL AND b.devolved_at IS NULL
     ${monthSql(2)}
   ORDER BY b.client_id, b.payment_date NULLS LAST, b.sent_at, b.id`;

/** The month's blocks of the clients, by client then date (oldest first). */
export async function loadMonthBlocks(db: Db, clientIds: readonly number[], month: MonthFilter): Promise<MonthBlock[]> {
  if (clientIds.length === 0) return [];
  return statementRows<MonthBlock>(db, MONTH_BLOCKS_SQL, [clientIds, ...monthValues(month)]);
}

/** A client's export settings as planMonth needs them (null: never set). */
export type PlanSettings = { counterpartAccount: string; historyCode: string | null; complement: string } | null;

export type MonthPlan = { errors: ExportIssue[]; postings: Posting[] };

/** The block's reading as the complement's placeholders and the CSV's supplier and key. */
function readingValues(findings: string | null) {
  const reading = findings === null ? null : blockReading({ findings, duplicates: null });
  const key = reading?.key && /^\d{44}$/.test(reading.key) ? reading.key : "";
  const number = key ? (parseAccessKey(key)?.number.replace(/^0+(?=\d)/, "") ?? "") : "";
  return {
    fornecedor: reading?.supplierName ?? reading?.cnpj ?? "",
    documento: number,
    chave: key,
    cnpj: reading?.cnpj ?? "",
  };
}

/** The debit code of an account: its 'Código no sistema contábil', else its own code. */
export const debitCodeOf = (block: Pick<MonthBlock, "reducedCode" | "accountCode">): string =>
  block.reducedCode?.trim() || (block.accountCode ?? "");

/**
 * The postings of one client's month, or what stops them: no counterpart set; each block not yet
 * contabilised; each account (once) whose debit code is no code the accounting system takes.
 */
export function planMonth(blocks: readonly MonthBlock[], settings: PlanSettings): MonthPlan {
  const errors: ExportIssue[] = [];
  const postings: Posting[] = [];
  if (!settings) errors.push({ message: m.noCounterpart });
  const badAccounts = new Set<number>();
  for (const block of blocks) {
    if (!block.contabilized) {
      const what =
        block.paymentDate && block.valueCents !== null
          ? m.blockOf(brazilianDate(block.paymentDate), formatCents(BigInt(block.valueCents)))
          : m.blockSent(brazilianDate(block.sentDate));
      errors.push({ blockId: block.id, message: m.notContabilized(what) });
      continue;
    }
    if (!block.paymentDate || block.valueCents === null || block.accountId === null) {
      errors.push({ blockId: block.id, message: m.missingDateOrValue(block.id) });
      continue;
    }
    const debit = debitCodeOf(block);
    if (!SYSTEM_CODE_PATTERN.test(debit)) {
      if (!badAccounts.has(block.accountId)) {
        badAccounts.add(block.accountId);
        errors.push({ message: m.accountWithoutCode(`${block.accountCode} – ${block.accountDescription}`) });
      }
      continue;
    }
    if (!settings) continue;
    const values = readingValues(block.findings);
    postings.push({
      date: block.paymentDate,
      debit,
      credit: settings.counterpartAccount,
      valueCents: BigInt(block.valueCents),
      historyCode: settings.historyCode,
      complement: fillComplement(settings.complement, values),
      supplierCode: values.cnpj,
      key: values.chave,
      blockId: block.id,
    });
  }
  return { errors, postings };
}
