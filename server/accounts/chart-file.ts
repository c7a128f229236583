import "server-only";
import { accountsMessages } from "@/lib/i18n/sections/accounts";
import { AppError } from "@/server/http/errors";

// The chart of accounts an office's accounting system exports (POST /api/account/import, format "csv"),
// read into rows, without touching the database. The choices the spec leaves open are in
// docs/decisions/0060-chart-file-reading.md: which first line is a header, how header names match, what
// a blank type means, and why the CSV reading is our own (it must count the file's lines).

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

const DATA_URL_HEADER = /^data:[^,]*;base64,/i;
// Standard alphabet, padded or not; Buffer.from("...", "base64") would skip anything else silently.
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A data URL `data:<any type>;base64,<payload>` to its bytes; anything else is a 400. */
export function decodeDataUrl(base64url: string): Uint8Array {
  const header = typeof base64url === "string" ? DATA_URL_HEADER.exec(base64url.slice(0, 256)) : null;
  if (!header) throw new AppError("invalid_input", m.invalidDataUrl);
  const payload = base64url.slice(header[0].length);
  const padding = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  const valid =
    BASE64.test(payload) && payload.length % 4 !== 1 && (padding === 0 || payload.length % 4 === 0);
  if (!valid) throw new AppError("invalid_input", m.invalidDataUrl);
  const bytes = Buffer.from(payload, "base64");
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

// Windows-1252's 0x80-0x9F (the rest is Latin-1). Node 20's TextDecoder("windows-1252") decodes them as
// Latin-1's control characters (the euro sign and the dashes are lost), so they are mapped here; the five
// bytes the code page leaves undefined keep their control character, as the WHATWG table does.
const CP1252_HIGH =
  "\u20ac\x81\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\x8d\u017d\x8f" +
  "\x90\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\x9d\u017e\u0178";

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else Windows-1252. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("latin1").decode(bytes).replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
  }
}

type Record_ = { line: number; cells: string[] };

/**
 * CSV records (RFC 4180 quotes: "a;b" and "" for a quote inside), each with the 1-based line of the
 * file where it starts. A quote inside an unquoted cell is kept as a character; a quote left open until
 * the end of the file is a 400 (it would swallow the rest of the chart into one cell).
 */
function readRecords(text: string, delimiter: string): Record_[] {
  const records: Record_[] = [];
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = "";
  let at = 0;
  const n = text.length;
  const endRecord = () => {
    cells.push(cell);
    records.push({ line: start, cells });
    cells = [];
    cell = "";
  };
  while (at < n) {
    const c = text[at];
    if (c === '"' && cell.trim() === "") {
      // A quoted cell (spaces before the quote are ignored; cells are trimmed anyway).
      const opened = line;
      cell = "";
      at++;
      for (;;) {
        if (at >= n) throw new AppError("invalid_input", m.unclosedQuote(opened));
        const q = text[at];
        if (q === '"') {
          if (text[at + 1] === '"') {
            cell += '"';
            at += 2;
            continue;
          }
          at++;
          break;
        }
        if (q === "\r" || q === "\n") {
          if (q === "\r" && text[at + 1] === "\n") {
            cell += "\r";
            at++;
          }
          line++;
        }
        cell += q;
        at++;
      }
      continue; // whatever follows the closing quote up to the delimiter is kept as written
    }
    if (c === delimiter) {
      cells.push(cell);
      cell = "";
      at++;
    } else if (c === "\r" || c === "\n") {
      endRecord();
      at += c === "\r" && text[at + 1] === "\n" ? 2 : 1;
      line++;
      start = line;
    } else {
      cell += c;
      at++;
    }
  }
  if (cell !== "" || cells.length > 0) endRecord();
  return records;
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
const FIELD_WORDS: Array<[Field, (word: string) => boolean]> = [
  ["reducedCode", (w) => w.startsWith("reduzid")],
  ["type", (w) => w === "tipo"],
  ["description", (w) => w === "descricao" || w === "nome"],
  ["code", (w) => w === "codigo" || w === "classificacao" || w === "conta"],
];

function fieldOf(name: string): Field | null {
  const ws = words(name);
  for (const [field, matches] of FIELD_WORDS) if (ws.some(matches)) return field;
  return null;
}

/** Columns named by the header (the first cell naming each field), or null when no cell names one. */
function columnsByName(header: string[]): Partial<ChartColumns> | null {
  const found: Partial<ChartColumns> = {};
  header.forEach((name, index) => {
    const field = fieldOf(name);
    if (field && found[field] === undefined) found[field] = index;
  });
  return Object.keys(found).length > 0 ? found : null;
}

const CODE = /^\d+(?:\.\d+)*$/;
const isCode = (value: string) => CODE.test(value);

const SYNTHETIC = new Set(["s", "t", "sintetica", "sintetico", "titulo", "totalizadora", "totalizador", "synthetic"]);
const ANALYTIC = new Set(["a", "analitica", "analitico", "analytic"]);

/** A type cell's meaning, or null when blank or unknown (then the codes decide). */
function typeOf(value: string): ChartFileRow["type"] | null {
  const word = words(value).join(" ");
  if (SYNTHETIC.has(word)) return "synthetic";
  if (ANALYTIC.has(word)) return "analytic";
  return null;
}

const shown = (code: string) => (code.length > 40 ? `${code.slice(0, 40)}…` : code);

function checkColumns(columns: ChartColumns): void {
  const indexes = [columns.code, columns.description, columns.reducedCode, columns.type].filter((c) => c !== undefined);
  const valid = indexes.every((c) => Number.isSafeInteger(c) && c >= 0) && columns.code !== columns.description;
  if (!valid) throw new AppError("invalid_input", m.invalidColumns);
}

/**
 * Reads a chart-of-accounts file: its header (empty when the file has none), the columns used (0-based),
 * the accepted rows and the refused lines with their reasons (lines are the file's, 1-based). Blank
 * lines and lines of empty cells are skipped. An empty file, a file with only its header, or a header
 * naming neither a code nor a description column is a 400.
 */
export function parseChartFile(bytes: Uint8Array, columns?: ChartColumns): ChartFile {
  const text = decodeText(bytes);
  const firstLine = text.split(/\r\n|\r|\n/).find((l) => l.trim() !== "");
  if (firstLine === undefined) throw new AppError("invalid_input", m.empty);
  const delimiter = firstLine.includes(";") ? ";" : firstLine.includes(",") ? "," : ";";

  const records = readRecords(text, delimiter)
    .map((r) => ({ line: r.line, cells: r.cells.map((c) => c.trim()) }))
    .filter((r) => r.cells.some((c) => c !== ""));
  const first = records[0];
  if (!first) throw new AppError("invalid_input", m.empty);

  let used: ChartColumns;
  let hasHeader: boolean;
  if (columns) {
    checkColumns(columns);
    for (const c of [columns.code, columns.description, columns.reducedCode, columns.type]) {
      if (c !== undefined && c >= first.cells.length) throw new AppError("invalid_input", m.columnOutOfRange(c, first.cells.length));
    }
    used = columns;
    // The preview sends the columns of a file with or without a header: the first line is data only
    // when its code cell is a code.
    hasHeader = !isCode(first.cells[columns.code]);
  } else {
    const named = columnsByName(first.cells);
    if (named) {
      hasHeader = true;
      used = resolveNamed(named, first.cells.length);
    } else if (isCode(first.cells[0])) {
      hasHeader = false;
      if (first.cells.length < 2) throw new AppError("invalid_input", m.oneColumn);
      used = { code: 0, description: 1 };
    } else {
      // A first line naming no known column and not starting with a code: a header we cannot read.
      throw new AppError("invalid_input", first.cells.length < 2 ? m.oneColumn : m.noColumns);
    }
  }

  const data = hasHeader ? records.slice(1) : records;
  if (data.length === 0) throw new AppError("invalid_input", m.noAccounts);

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
    else if (!isCode(code)) refused.push({ line, message: m.invalidCode(shown(code)) });
    else if (description === "") refused.push({ line, message: m.emptyDescription });
    else if (firstLineOf.has(code)) refused.push({ line, message: m.duplicateCode(code, firstLineOf.get(code) as number) });
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
    for (let dot = row.code.indexOf("."); dot !== -1; dot = row.code.indexOf(".", dot + 1)) parents.add(row.code.slice(0, dot));
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
  if (named.code === undefined && named.description === undefined) throw new AppError("invalid_input", m.noColumns);
  const claimed = new Set(Object.values(named));
  const free = () => {
    for (let i = 0; i < width; i++) if (!claimed.has(i)) return i;
    return undefined;
  };
  const code = named.code ?? free();
  if (code === undefined) throw new AppError("invalid_input", m.noCodeColumn);
  const description = named.description ?? free();
  if (description === undefined) throw new AppError("invalid_input", m.noDescriptionColumn);
  const result: ChartColumns = { code, description };
  if (named.reducedCode !== undefined) result.reducedCode = named.reducedCode;
  if (named.type !== undefined) result.type = named.type;
  return result;
}
