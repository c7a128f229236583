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

/** ';' when the header line has one (even beside a ','), else ','. */
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

const names = {
  reducedCode: ["reduzido"],
  code: ["codigo", "classificacao", "conta"],
  description: ["descricao", "nome"],
  type: ["tipo"],
};

/** Header cells by name, ignoring case and accents; code and description default to columns 1 and 2. */
export function guessChartColumns(header: readonly string[]): ChartColumns {
  const cells = header.map((cell) => normalizeSearch(cell).trim());
  const taken = new Set<number>();
  const find = (words: readonly string[]) => {
    const index = cells.findIndex((cell, i) => !taken.has(i) && words.some((word) => cell.includes(word)));
    if (index >= 0) taken.add(index);
    return index >= 0 ? index : undefined;
  };
  // 'Código reduzido' names the reduced code, not the code: looked for first.
  const reducedCode = find(names.reducedCode);
  const code = find(names.code);
  const description = find(names.description);
  const type = find(names.type);
  const columns: ChartColumns = {
    code: code ?? (description === 0 ? 1 : 0),
    description: description ?? (code === 1 ? 0 : 1),
  };
  if (reducedCode !== undefined) columns.reducedCode = reducedCode;
  if (type !== undefined) columns.type = type;
  return columns;
}

export type ChartFilePreview = { rows: string[][]; width: number; columns: ChartColumns };

/** The first `count` non-blank lines of the file (the header first), split, and the guessed columns. */
export function previewChartFile(text: string, count = 6): ChartFilePreview {
  const lines = text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== "");
  const delimiter = chartDelimiter(lines[0] ?? "");
  const rows = lines.slice(0, count).map((line) => splitChartLine(line, delimiter));
  const width = Math.max(2, ...rows.map((row) => row.length));
  return { rows, width, columns: guessChartColumns(rows[0] ?? []) };
}
