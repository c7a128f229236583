import type { Block } from "@/lib/contract/blocks";
import { saoPauloParts } from "@/lib/format/dates";

/** The month a block belongs to: its payment date's, or its sent date's (São Paulo) while uncategorised. */
export function blockYearMonth(block: Pick<Block, "date" | "sentDatetime">): { year: number; month: number } {
  if (block.date) {
    const [year, month] = block.date.split("-").map(Number);
    return { year, month };
  }
  const { year, month } = saoPauloParts(block.sentDatetime);
  return { year, month };
}
