import {
  ChartFileError,
  chartColumnsOf,
  chartDelimiter,
  decodeChartText,
  isChartCode,
  readChartRecords,
  type ChartColumns,
} from "@/lib/accounts/chart-file";
import { accountsMessages } from "@/lib/i18n/sections/accounts";

export type { ChartColumns };

// What the import dialog shows of a chosen file before anything is sent: its first lines split into
// columns, and the columns the server would pick by itself, read by the import's own rules
// (lib/accounts/chart-file.ts). The preview always sends the mapping it shows as `columns`, so what the
// person saw is what the server uses.

/**
 * rows: the first lines (cells trimmed, blank lines left out); width: the first line's cells (the columns
 * the server accepts); hasHeader: whether the first line names columns; problem: why the server would
 * refuse the file without `columns` (a header it cannot read): the person picks the columns instead.
 */
export type ChartFilePreview = {
  rows: string[][];
  width: number;
  hasHeader: boolean;
  columns: ChartColumns;
  problem: string | null;
};

/**
 * The first `count` lines of the file's bytes and the guessed columns; throws ChartFileError for an
 * unreadable file.
 */
export function previewChartBytes(bytes: Uint8Array, count = 6): ChartFilePreview {
  const text = decodeChartText(bytes);
  const records = readChartRecords(text, chartDelimiter(text))
    .map((record) => record.cells.map((cell) => cell.trim()))
    .filter((cells) => cells.some((cell) => cell !== ""));
  const first = records[0];
  if (!first) throw new ChartFileError(accountsMessages.chartFile.empty);
  const rows = records.slice(0, count);
  const width = Math.max(2, first.length);
  try {
    return { rows, width, ...chartColumnsOf(first), problem: null };
  } catch (error) {
    if (!(error instanceof ChartFileError)) throw error;
    return {
      rows,
      width,
      hasHeader: !isChartCode(first[0] ?? ""),
      columns: { code: 0, description: 1 },
      problem: error.message,
    };
  }
}
