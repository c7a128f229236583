import { normalizeSearch } from "@/lib/format/search";

// What the import dialog shows of a chosen file before anything is sent: its first lines split into
// columns, and a first guess of which column is which. The server reads the same bytes by the same
// rules (POST /api/account/import); the preview always sends the mapping it shows as `columns`, so
// what the person saw is what the server uses.

export type ChartColumns = { code: number; description: number; reducedCode?: number; type?: number };

/** The bytes as text: UTF-8 when they are valid UTF-8 (a BOM dropped), else Windows-1252. */
export function decodeChartBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** ';' when the first line has one (even beside a ','), else ',' when it has one, else ';'. */
export function chartDelimiter(headerLine: string): ";" | "," {
  return headerLine.includes(";") || !headerLine.includes(",") ? ";" : ",";
}

/** One CSV line into cells; a cell may be quoted ("a;b", "" for a quote). */
export function splitChartLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (quoted && char === '"') quoted = false;
    else if (!quoted && char === '"' && cell.trim() === "") quoted = true;
    else if (!quoted && char === delimiter) {
      cells.push(cell.trim());
      cell = "";
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/** Lower case, no accents, words of letters and digits: "Código reduzido" -> ["codigo", "reduzido"]. */
function words(name: string): string[] {
  return normalizeSearch(name)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

type Field = keyof ChartColumns;
// As the server reads a header (server/accounts/chart-file.ts), in this order: "Código reduzido" is the
// reduced code, "Descrição da conta" the description.
const FIELD_WORDS: Array<[Field, (word: string) => boolean]> = [
  ["reducedCode", (w) => w.startsWith("reduzid")],
  ["type", (w) => w === "tipo"],
  ["description", (w) => w === "descricao" || w === "nome"],
  ["code", (w) => w === "codigo" || w === "classificacao" || w === "conta"],
];

const CODE = /^\d+(?:\.\d+)*$/;

/** Whether the first line is data, not a header: its first cell is already a code (1, 1.1.01). */
export const startsWithCode = (first: readonly string[]) => CODE.test(first[0] ?? "");

/**
 * The columns the server would pick by itself: by header name, ignoring case and accents (the first
 * cell naming each field; when only one of code and description is named, the other is the first
 * unnamed column); code 1 and description 2 when no cell is named or the file has no header.
 */
export function guessChartColumns(header: readonly string[]): ChartColumns {
  const named: Partial<ChartColumns> = {};
  header.forEach((cell, index) => {
    const ws = words(cell);
    const field = FIELD_WORDS.find(([, matches]) => ws.some(matches))?.[0];
    if (field && named[field] === undefined) named[field] = index;
  });
  if (named.code === undefined && named.description === undefined) return { code: 0, description: 1 };
  const claimed = new Set(Object.values(named));
  const free = () => {
    for (let i = 0; i < Math.max(header.length, 2); i += 1) if (!claimed.has(i)) return (claimed.add(i), i);
    return 0;
  };
  const columns: ChartColumns = { code: named.code ?? free(), description: named.description ?? free() };
  if (named.reducedCode !== undefined) columns.reducedCode = named.reducedCode;
  if (named.type !== undefined) columns.type = named.type;
  return columns;
}

/**
 * rows: the first lines; width: the first line's cells (the columns the server accepts); hasHeader:
 * whether the first line names columns (it does not start with a code).
 */
export type ChartFilePreview = { rows: string[][]; width: number; hasHeader: boolean; columns: ChartColumns };

/** The first `count` non-blank lines of the file, split, and the guessed columns. */
export function previewChartFile(text: string, count = 6): ChartFilePreview {
  const lines = text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== "");
  const delimiter = chartDelimiter(lines[0] ?? "");
  const rows = lines.slice(0, count).map((line) => splitChartLine(line, delimiter));
  const first = rows[0] ?? [];
  const hasHeader = !startsWithCode(first);
  return { rows, width: Math.max(2, first.length), hasHeader, columns: hasHeader ? guessChartColumns(first) : { code: 0, description: 1 } };
}
