import "server-only";
import { formatCents } from "@/lib/format";
import type { FiscalItem } from "@/lib/fiscal/fiscal-document";
import { messages } from "@/lib/i18n/messages";
import { formatQuantity } from "./page-format";
import { svgText, textWidth } from "./svg-text";

// The items table of a fiscal page: as many rows as the space holds; when the document has more, the
// last row says how many were left out ('+ N itens'). One page, always.
const t = messages.fiscalPage;

const HEAD_HEIGHT = 44;
const ROW_HEIGHT = 44;
const SIZE = 27;
const HEAD_SIZE = 23;
// A product code is often an EAN of 13 digits: smaller, it fits whole.
const CODE_SIZE = 22;
const PAD = 10;

type Column = { key: keyof typeof t.columns; width: number; align: "start" | "end" };

// Widths of a 1144-pixel table; the description takes what the others leave.
const FIXED: Column[] = [
  { key: "code", width: 190, align: "start" },
  { key: "description", width: 0, align: "start" },
  { key: "quantity", width: 96, align: "end" },
  { key: "unit", width: 76, align: "start" },
  { key: "unitValue", width: 176, align: "end" },
  { key: "total", width: 190, align: "end" },
];

function columnsFor(width: number): (Column & { x: number })[] {
  const fixed = FIXED.reduce((sum, c) => sum + c.width, 0);
  let x = 0;
  return FIXED.map((c) => {
    const column = { ...c, width: c.width || width - fixed, x };
    x += column.width;
    return column;
  });
}

function cells(item: FiscalItem): Record<Column["key"], string> {
  return {
    code: item.code ?? "",
    description: item.description,
    quantity: formatQuantity(item.quantity),
    unit: item.unit ?? "",
    unitValue: item.unitValueCents === null ? "" : formatCents(item.unitValueCents),
    total: formatCents(item.totalCents),
  };
}

// Money is never cut: a value too wide for its column is written smaller.
function moneySize(text: string, width: number): number {
  const natural = textWidth(text, SIZE, "condensed");
  return natural <= width ? SIZE : Math.floor((SIZE * width) / natural);
}

function cell(column: Column & { x: number }, left: number, baseline: number, text: string): string {
  const inner = column.width - PAD * 2;
  const x = column.align === "end" ? left + column.x + column.width - PAD : left + column.x + PAD;
  const money = column.key === "unitValue" || column.key === "total";
  const size = money ? moneySize(text, inner) : column.key === "code" ? CODE_SIZE : SIZE;
  return svgText(x, baseline, text, { size, face: "condensed", anchor: column.align, width: inner });
}

/** The table's SVG in the box (x, y, width, height). */
export function itemsTable(items: FiscalItem[], x: number, y: number, width: number, height: number): string {
  const columns = columnsFor(width);
  const parts = [`<rect x="${x}" y="${y}" width="${width}" height="${HEAD_HEIGHT}" fill="#e8e8e8"/>`];
  for (const column of columns) {
    const cx = column.align === "end" ? x + column.x + column.width - PAD : x + column.x + PAD;
    parts.push(svgText(cx, y + 30, t.columns[column.key], { size: HEAD_SIZE, bold: true, anchor: column.align }));
  }
  let top = y + HEAD_HEIGHT;
  if (items.length === 0) {
    parts.push(svgText(x + PAD, top + 32, t.noItems, { size: SIZE, fill: "#555" }));
    return parts.join("\n");
  }
  const fit = Math.max(1, Math.floor((height - HEAD_HEIGHT) / ROW_HEIGHT));
  const shown = items.length <= fit ? items : items.slice(0, fit - 1);
  shown.forEach((item, index) => {
    if (index % 2 === 1)
      parts.push(`<rect x="${x}" y="${top}" width="${width}" height="${ROW_HEIGHT}" fill="#f4f4f4"/>`);
    const values = cells(item);
    for (const column of columns) parts.push(cell(column, x, top + 31, values[column.key]));
    top += ROW_HEIGHT;
  });
  if (shown.length < items.length) {
    const more = t.moreItems(items.length - shown.length);
    parts.push(svgText(x + width / 2, top + 31, more, { size: SIZE, bold: true, anchor: "middle", fill: "#333" }));
  }
  return parts.join("\n");
}
