// The bench's tables (Markdown, printed and written to docs/performance.md below `<!-- bench -->`).
import { format, resolveConfig } from "prettier";
import { readFileSync, writeFileSync } from "node:fs";

export type Line = { item: string; measure: string; value: string; target: string; pass: boolean | null };

export const result = (pass: boolean | null) => (pass === null ? "—" : pass ? "PASS" : "MISS");

export function table(head: string[], rows: (string | number)[][], align?: ("l" | "r")[]): string {
  const rule = head.map((_, i) => ((align?.[i] ?? (i === 0 ? "l" : "r")) === "l" ? "---" : "---:"));
  return [head, rule, ...rows.map((row) => row.map(String))].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

export function summaryTable(lines: Line[]): string {
  return table(
    ["item", "measure", "value", "target", "result"],
    lines.map((l) => [l.item, l.measure, l.value, l.target, result(l.pass)]),
    ["l", "l", "r", "r", "l"],
  );
}

/** Replaces what follows the marker in docs/performance.md with `text`, formatted as the rest of the tree. */
export async function writeDoc(path: string, text: string): Promise<void> {
  const marker = "<!-- bench -->";
  const [intro] = readFileSync(path, "utf8").split(marker);
  writeFileSync(path, await format(`${intro}${marker}\n${text}\n`, { ...(await resolveConfig(path)), filepath: path }));
}
