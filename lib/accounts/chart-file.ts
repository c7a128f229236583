import { accountsMessages } from "@/lib/i18n/sections/accounts";
import { hasForbiddenCharacters } from "@/lib/validation/characters";
import { decodeWindows1252 } from "@/lib/windows-1252";

// A chart-of-accounts file exported by an accounting system, read into rows: the rules of
// POST /api/account/import (format "csv"), shared by the server (server/accounts/chart-file.ts, which
// answers a ChartFileError as 400) and the import dialog's preview, so both pick the same columns. The
// choices the spec leaves open are in docs/decisions/0060-chart-file-reading.md: which first line is a
// header, how header names match, what a blank type means, and why the CSV reading is our own (it must
// count the file's lines).

/** A file that cannot be read at all (the server answers 400 with this pt-BR message). */
export class ChartFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChartFileError";
  }
}

const m = accountsMessages.chartFile;

export type ChartColumns = { code: number; description: number; reducedCode?: number; type?: number };
export type ChartFileRow = {
  line: number;
  code: string;
  description: string;
  reducedCode: string | null;
  type: "analytic" | "synthetic";
};
export type ChartFileRefusal = { line: number; message: string };
export type ChartFile = { header: string[]; columns: ChartColumns; rows: ChartFileRow[]; refused: ChartFileRefusal[] };

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else Windows-1252. */
export function decodeChartText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

export type ChartRecord = { line: number; cells: string[] };

/**
 * CSV records (RFC 4180 quotes: "a;b" and "" for a quote inside), each with the 1-based line of the
 * file where it starts. A quote inside an unquoted cell is kept as a character; a quote left open until
 * the end of the file is a 400 (it would swallow the rest of the chart into one cell).
 */
export function readChartRecords(text: string, delimiter: string): ChartRecord[] {
  const records: ChartRecord[] = [];
  const n = text.length;
  const sep = delimiter.charCodeAt(0);
  let line = 1;
  let at = 0;
  while (at < n) {
    const start = line;
    const cells: string[] = [];
    for (;;) {
      // One cell: from `at` to the delimiter or the end of the line, quoted parts read whole.
      let cell = "";
      let from = at;
      for (;;) {
        const c = at < n ? text.charCodeAt(at) : -1;
        if (c === 34 /* " */ && (cell + text.slice(from, at)).trim() === "") {
          // A quoted cell (spaces before the quote are dropped; cells are trimmed anyway).
          const opened = line;
          cell = "";
          at++;
          for (;;) {
            const close = text.indexOf('"', at);
            if (close === -1) throw new ChartFileError(m.unclosedQuote(opened));
            const part = text.slice(at, close);
            line += countLineEnds(part);
            cell += part;
            if (text.charCodeAt(close + 1) === 34) {
              cell += '"';
              at = close + 2;
            } else {
              at = close + 1;
              break;
            }
          }
          from = at; // whatever follows the closing quote up to the delimiter is kept as written
          continue;
        }
        if (c === -1 || c === sep || c === 10 || c === 13) break;
        at++;
      }
      cell += text.slice(from, at);
      cells.push(cell);
      const c = at < n ? text.charCodeAt(at) : -1;
      if (c === sep) {
        at++;
        continue;
      }
      if (c === 13 && text.charCodeAt(at + 1) === 10) at += 2;
      else if (c !== -1) at++;
      if (c !== -1) line++;
      break;
    }
    records.push({ line: start, cells });
  }
  return records;
}

/** Line ends inside a quoted cell (CRLF, LF or CR), so the following records keep the file's lines. */
function countLineEnds(part: string): number {
  let count = 0;
  for (let i = 0; i < part.length; i++) {
    const c = part.charCodeAt(i);
    if (c === 10 || (c === 13 && part.charCodeAt(i + 1) !== 10)) count++;
  }
  return count;
}

/** Lower case, no accents, words of letters and digits: "Código reduzido" -> ["codigo", "reduzido"]. */
function words(name: string): string[] {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

type Field = keyof ChartColumns;
// Checked in this order, so "Código reduzido" is the reduced code and "Descrição da conta" the
// description, not the code.
const FIELD_WORDS: Array<[Exclude<Field, "code">, (word: string) => boolean]> = [
  ["reducedCode", (w) => w.startsWith("reduzid")],
  ["type", (w) => w === "tipo"],
  ["description", (w) => w === "descricao" || w === "nome"],
];
// Names of the code, strongest first: beside a "Classificação", a "Código" is the short number the
// system posts with (Domínio exports both), so the classification is the code.
const CODE_WORDS = ["classificacao", "codigo", "conta"];

/**
 * Columns named by the header (the first cell naming each field; for the code, the strongest name), or
 * null when no cell names one.
 */
function columnsByName(header: string[]): Partial<ChartColumns> | null {
  const found: Partial<ChartColumns> = {};
  const codes: Array<{ index: number; rank: number }> = [];
  header.forEach((name, index) => {
    const ws = words(name);
    const field = FIELD_WORDS.find(([, matches]) => ws.some(matches))?.[0];
    if (field) {
      found[field] ??= index;
      return;
    }
    const rank = CODE_WORDS.findIndex((word) => ws.includes(word));
    if (rank !== -1) codes.push({ index, rank });
  });
  codes.sort((a, b) => a.rank - b.rank || a.index - b.index);
  if (codes.length > 0) found.code = codes[0].index;
  // "Classificação" and "Código" side by side, no column named as the reduced code: "Código" is it.
  const codigo = codes.find((c) => c.rank === 1);
  if (codes[0]?.rank === 0 && codigo && found.reducedCode === undefined) found.reducedCode = codigo.index;
  return Object.keys(found).length > 0 ? found : null;
}

// The limits POST /api/account/create and update hold a typed account to (lib/contract/accounts.ts): a
// line past them is refused, so an import never stores what the form would refuse.
const CODE_MAX = 50;
const DESCRIPTION_MAX = 200;
const REDUCED_CODE_MAX = 30;

const CODE = /^\d+(?:\.\d+)*$/;
/** Digits separated by dots: 1, 1.1.01.001. */
export const isChartCode = (value: string) => CODE.test(value);

const SYNTHETIC = new Set(["s", "t", "sintetica", "sintetico", "titulo", "totalizadora", "totalizador", "synthetic"]);
const ANALYTIC = new Set(["a", "analitica", "analitico", "analytic"]);

/** A type cell's meaning, or null when blank or unknown (then the codes decide). */
function typeOf(value: string): ChartFileRow["type"] | null {
  if (value === "A") return "analytic"; // the usual cells, without the normalising below
  if (value === "S") return "synthetic";
  const word = words(value).join(" ");
  if (SYNTHETIC.has(word)) return "synthetic";
  if (ANALYTIC.has(word)) return "analytic";
  return null;
}

const shown = (code: string) => (code.length > 40 ? `${code.slice(0, 40)}…` : code);

function checkColumns(columns: ChartColumns): void {
  const indexes = [columns.code, columns.description, columns.reducedCode, columns.type].filter((c) => c !== undefined);
  const valid = indexes.every((c) => Number.isSafeInteger(c) && c >= 0) && columns.code !== columns.description;
  if (!valid) throw new ChartFileError(m.invalidColumns);
}

/** ';' when the file's first non-blank line has one (even beside a ','), else ',' when it has one, else ';'. */
export function chartDelimiter(text: string): ";" | "," {
  const firstLine = /^[ \t\f\v\ufeff\u00a0]*[^\s].*$/m.exec(text)?.[0] ?? "";
  return firstLine.includes(";") || !firstLine.includes(",") ? ";" : ",";
}

/** The file's records, cells trimmed, blank lines and lines of empty cells left out. */
function recordsOf(text: string): ChartRecord[] {
  return readChartRecords(text, chartDelimiter(text))
    .map((r) => ({ line: r.line, cells: r.cells.map((c) => c.trim()) }))
    .filter((r) => r.cells.some((c) => c !== ""));
}

/**
 * The columns of a file given its first record's cells: the given ones (checked), else by header name,
 * else code 1 and description 2 when the first line starts with a code. hasHeader: whether that first
 * line is a header rather than an account.
 */
export function chartColumnsOf(first: string[], columns?: ChartColumns): { columns: ChartColumns; hasHeader: boolean } {
  if (columns) {
    checkColumns(columns);
    for (const c of [columns.code, columns.description, columns.reducedCode, columns.type]) {
      if (c !== undefined && c >= first.length) throw new ChartFileError(m.columnOutOfRange(c, first.length));
    }
    // The preview sends the columns of a file with or without a header: the first line is data only
    // when its code cell is a code.
    return { columns, hasHeader: !isChartCode(first[columns.code]) };
  }
  const named = columnsByName(first);
  if (named) return { columns: resolveNamed(named, first.length), hasHeader: true };
  // A first line naming no known column and not starting with a code: a header we cannot read.
  if (!isChartCode(first[0] ?? "") || first.length < 2)
    throw new ChartFileError(first.length < 2 ? m.oneColumn : m.noColumns);
  return { columns: { code: 0, description: 1 }, hasHeader: false };
}

/**
 * What the import dialog shows before sending: the first `count` records (cells trimmed), the first
 * line's width, whether it is a header, and the columns the server would pick by itself. Throws a
 * ChartFileError where the import would answer 400 for the file as a whole.
 */
export function previewChartFile(
  bytes: Uint8Array,
  count = 6,
): { rows: string[][]; width: number; hasHeader: boolean; columns: ChartColumns } {
  const records = recordsOf(decodeChartText(bytes));
  const first = records[0];
  if (!first) throw new ChartFileError(m.empty);
  const { columns, hasHeader } = chartColumnsOf(first.cells);
  return { rows: records.slice(0, count).map((r) => r.cells), width: first.cells.length, hasHeader, columns };
}

/**
 * Reads a chart-of-accounts file: its header (empty when the file has none), the columns used (0-based),
 * the accepted rows and the refused lines with their reasons (lines are the file's, 1-based). Blank
 * lines and lines of empty cells are skipped. An empty file, a file with only its header, or a header
 * naming neither a code nor a description column is a ChartFileError.
 */
export function readChartFile(bytes: Uint8Array, columns?: ChartColumns): ChartFile {
  const records = recordsOf(decodeChartText(bytes));
  const first = records[0];
  if (!first) throw new ChartFileError(m.empty);
  const { columns: used, hasHeader } = chartColumnsOf(first.cells, columns);

  const data = hasHeader ? records.slice(1) : records;
  if (data.length === 0) throw new ChartFileError(m.noAccounts);

  const rows: Array<Omit<ChartFileRow, "type"> & { type: ChartFileRow["type"] | null }> = [];
  const refused: ChartFileRefusal[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { line, cells } of data) {
    if (used.code >= cells.length || used.description >= cells.length) {
      refused.push({ line, message: m.missingCells });
      continue;
    }
    const code = cells[used.code];
    const description = cells[used.description];
    if (code === "") refused.push({ line, message: m.emptyCode });
    else if (!isChartCode(code)) refused.push({ line, message: m.invalidCode(shown(code)) });
    else if (description === "") refused.push({ line, message: m.emptyDescription });
    else if (code.length > CODE_MAX) refused.push({ line, message: m.codeTooLong(CODE_MAX) });
    else if (description.length > DESCRIPTION_MAX)
      refused.push({ line, message: m.descriptionTooLong(DESCRIPTION_MAX) });
    else if (used.reducedCode !== undefined && (cells[used.reducedCode] ?? "").length > REDUCED_CODE_MAX)
      refused.push({ line, message: m.reducedCodeTooLong(REDUCED_CODE_MAX) });
    else if (
      hasForbiddenCharacters(description, { multiline: true }) ||
      (used.reducedCode !== undefined && hasForbiddenCharacters(cells[used.reducedCode] ?? ""))
    )
      refused.push({ line, message: m.invalidCharacters });
    else if (firstLineOf.has(code))
      refused.push({ line, message: m.duplicateCode(code, firstLineOf.get(code) as number) });
    else {
      firstLineOf.set(code, line);
      const reduced = used.reducedCode === undefined ? "" : (cells[used.reducedCode] ?? "");
      const type = used.type === undefined ? null : typeOf(cells[used.type] ?? "");
      rows.push({ line, code, description, reducedCode: reduced === "" ? null : reduced, type });
    }
  }

  // A row without a readable type is synthetic when another accepted code sits under it (1.1 above
  // 1.1.01), else analytic.
  const parents = new Set<string>();
  for (const row of rows) {
    for (let dot = row.code.indexOf("."); dot !== -1; dot = row.code.indexOf(".", dot + 1))
      parents.add(row.code.slice(0, dot));
  }
  return {
    header: hasHeader ? first.cells : [],
    columns: used,
    rows: rows.map((row) => ({ ...row, type: row.type ?? (parents.has(row.code) ? "synthetic" : "analytic") })),
    refused,
  };
}

/**
 * The header's named columns completed: when only one of code and description is named, the other is
 * the first column no known name claims ("Conta;Histórico": the description is "Histórico").
 */
function resolveNamed(named: Partial<ChartColumns>, width: number): ChartColumns {
  if (named.code === undefined && named.description === undefined) throw new ChartFileError(m.noColumns);
  const claimed = new Set(Object.values(named));
  const free = () => {
    for (let i = 0; i < width; i++) if (!claimed.has(i)) return i;
    return undefined;
  };
  const code = named.code ?? free();
  if (code === undefined) throw new ChartFileError(m.noCodeColumn);
  const description = named.description ?? free();
  if (description === undefined) throw new ChartFileError(m.noDescriptionColumn);
  const result: ChartColumns = { code, description };
  if (named.reducedCode !== undefined) result.reducedCode = named.reducedCode;
  if (named.type !== undefined) result.type = named.type;
  return result;
}
