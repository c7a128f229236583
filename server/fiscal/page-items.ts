import "server-only";
import { formatCents } from "@/lib/format";
import type { FiscalItem } from "@/lib/fiscal/fiscal-document";
import { messages } from "@/lib/i18n/messages";
import { formatQuantity } from "./page-format";
import { svgText, textWidth, wrapText } from "./svg-text";

// The items table of a fiscal page: as many rows as the space holds; when the document has more, the
// last row says how many were left out ('+ N itens'). One page, always.
const t = messages.fiscalPage;

const HEAD_HEIGHT = 44;
const ROW_HEIGHT = 44;
// A description that does not fit its cell takes a second line.
const LINE_HEIGHT = 32;
const SIZE = 27;
const HEAD_SIZE = 23;
// A product code is often an EAN of 13 digits: smaller, it fits whole.
const CODE_SIZE = 22;
const PAD = 10;

type Column = { key: keyof typeof t.columns; width: number; align: "start" | "end" };
type Placed = Column & { x: number };
type Box = { x: number; y: number; width: number; height: number };

// Widths of a 1144-pixel table; the description takes what the others leave.
const FIXED: Column[] = [
  { key: "code", width: 190, align: "start" },
  { key: "description", width: 0, align: "start" },
  { key: "quantity", width: 96, align: "end" },
  { key: "unit", width: 76, align: "start" },
  { key: "unitValue", width: 176, align: "end" },
  { key: "total", width: 190, align: "end" },
];

function columnsFor(width: number): Placed[] {
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

function cell(column: Placed, left: number, baseline: number, text: string): string {
  const inner = column.width - PAD * 2;
  const x = column.align === "end" ? left + column.x + column.width - PAD : left + column.x + PAD;
  const money = column.key === "unitValue" || column.key === "total";
  const size = money ? moneySize(text, inner) : column.key === "code" ? CODE_SIZE : SIZE;
  return svgText(x, baseline, text, { size, face: "condensed", anchor: column.align, width: inner });
}

// One item's row at `top`: its height is one line, or two when the description needs them.
function itemRow(item: FiscalItem, columns: Placed[], box: Box, top: number, lines: number, shaded: boolean) {
  const { x, width } = box;
  const description = columns.find((c) => c.key === "description") ?? columns[1];
  const text = wrapText(item.description, description.width - PAD * 2, SIZE, "condensed", lines);
  const height = ROW_HEIGHT + (text.length - 1) * LINE_HEIGHT;
  const values = cells(item);
  const parts = shaded ? [`<rect x="${x}" y="${top}" width="${width}" height="${height}" fill="#f4f4f4"/>`] : [];
  for (const column of columns) {
    if (column !== description) parts.push(cell(column, x, top + 31, values[column.key]));
  }
  text.forEach((line, i) => {
    parts.push(svgText(x + description.x + PAD, top + 31 + i * LINE_HEIGHT, line, { size: SIZE, face: "condensed" }));
  });
  return { svg: parts.join("\n"), height };
}

// The rows from `top` down to the box's bottom: how many fit, and their SVG.
function itemRows(items: FiscalItem[], columns: Placed[], box: Box, top: number, lines: number) {
  const parts: string[] = [];
  let y = top;
  let shown = 0;
  for (const item of items) {
    const row = itemRow(item, columns, box, y, lines, shown % 2 === 1);
    // While items are left after this one, room for the '+ N itens' line stays free.
    if (y + row.height + (shown < items.length - 1 ? ROW_HEIGHT : 0) > box.y + box.height) break;
    parts.push(row.svg);
    y += row.height;
    shown++;
  }
  return { svg: parts.join("\n"), shown, bottom: y };
}

/**
 * The table's SVG in `box`. Long descriptions take two lines when every item then fits; when not,
 * each item keeps to one line, so that the page shows as many of them as it can.
 */
export function itemsTable(items: FiscalItem[], box: Box): string {
  const { x, y, width } = box;
  const columns = columnsFor(width);
  const parts = [`<rect x="${x}" y="${y}" width="${width}" height="${HEAD_HEIGHT}" fill="#e8e8e8"/>`];
  for (const column of columns) {
    const cx = column.align === "end" ? x + column.x + column.width - PAD : x + column.x + PAD;
    parts.push(svgText(cx, y + 30, t.columns[column.key], { size: HEAD_SIZE, bold: true, anchor: column.align }));
  }
  const top = y + HEAD_HEIGHT;
  if (items.length === 0) {
    parts.push(svgText(x + PAD, top + 32, t.noItems, { size: SIZE, fill: "#555" }));
    return parts.join("\n");
  }
  let rows = itemRows(items, columns, box, top, 2);
  if (rows.shown < items.length) rows = itemRows(items, columns, box, top, 1);
  parts.push(rows.svg);
  if (rows.shown < items.length) {
    const more = t.moreItems(items.length - rows.shown);
    parts.push(
      svgText(x + width / 2, rows.bottom + 31, more, { size: SIZE, bold: true, anchor: "middle", fill: "#333" }),
    );
  }
  return parts.join("\n");
}
