import type { Block } from "@/lib/contract/blocks";
import type { ContabilizationAccount } from "@/lib/contract/contabilization";
import { formatCalendarDate, formatDate, formatTime } from "@/lib/format/dates";
import { decimalTextToCents, formatCents } from "@/lib/format/money";

/** 'dd/mm/aaaa' of a block's payment date ('—' while it has none). */
export const blockDate = (block: Pick<Block, "date">): string => (block.date ? formatCalendarDate(block.date) : "—");

/** 'R$ 1.234,56' of a block's value ('—' while it has none). */
export function blockValue(block: Pick<Block, "value">): string {
  const cents = block.value === null ? null : decimalTextToCents(block.value);
  return cents === null ? "—" : formatCents(cents);
}

/** 'dd/mm/aaaa HH:mm' of when a block was contabilised. */
export const contabilizedWhen = (block: Pick<Block, "contabilizedDatetime">): string =>
  block.contabilizedDatetime
    ? `${formatDate(block.contabilizedDatetime)} ${formatTime(block.contabilizedDatetime)}`
    : "";

/** The account as the pickers show it: 'code - description' (spec §2). */
export const accountLabel = (account: Pick<ContabilizationAccount, "code" | "description">): string =>
  `${account.code} - ${account.description}`;
