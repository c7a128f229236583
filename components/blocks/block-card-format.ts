import type { Block } from "@/lib/contract/blocks";
import { formatCalendarDate, formatDate } from "@/lib/format/dates";
import { decimalTextToCents, formatCents } from "@/lib/format/money";

// A block card's date and value (the lists, the viewer's subtitle, the contabilization screens).

/** dd/mm/aaaa shown on the card: the payment date, or the sent date while uncategorised. */
export function blockCardDate(block: Pick<Block, "date" | "sentDatetime">): string {
  return block.date ? formatCalendarDate(`${block.date}T00:00:00Z`) : formatDate(block.sentDatetime);
}

/** 'R$ 1.234,56' from the wire's "1234.56"; null while the block has no value. */
export function blockCardValue(block: Pick<Block, "value">): string | null {
  if (block.value === null) return null;
  const cents = decimalTextToCents(block.value);
  return cents === null ? null : formatCents(cents);
}
