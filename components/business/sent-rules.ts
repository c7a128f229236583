import { OPERATOR_NAME_MAX, OPERATOR_SELECT_MAX } from "@/lib/constants";
import type { SentBlock, SentOperator } from "@/lib/contract/business";
import { formatDate } from "@/lib/format/dates";
import { businessSentMessages } from "@/lib/i18n/sections/businessSent";

// Pure rules of Blocos enviados (spec §2 Sent blocks, §9): the operator select and the day groups. No React.

/** A name over OPERATOR_NAME_MAX characters cut there, with an ellipsis (spec §9: 25). */
export function shortOperatorName(name: string, max: number = OPERATOR_NAME_MAX): string {
  const chars = [...name.trim()];
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : chars.join("");
}

/** The operator select: the caller first as 'Voce', then the colleagues who share; at most 7 (spec §9). */
export function operatorOptions(
  operators: readonly SentOperator[],
  max: number = OPERATOR_SELECT_MAX,
): { value: number; label: string }[] {
  const ordered = [...operators.filter((op) => op.isMe), ...operators.filter((op) => !op.isMe)];
  return ordered
    .slice(0, max)
    .map((op) => ({ value: op.id, label: op.isMe ? businessSentMessages.me : shortOperatorName(op.name) }));
}

export type DayGroup = { day: string; blocks: SentBlock[] };

/** Blocks grouped by their São Paulo day (dd/mm/aaaa), newest day and newest block first. */
export function groupByDay(blocks: readonly SentBlock[]): DayGroup[] {
  const sorted = [...blocks].sort((a, b) => Date.parse(b.date) - Date.parse(a.date) || b.id - a.id);
  const groups: DayGroup[] = [];
  for (const block of sorted) {
    const day = formatDate(block.date);
    const last = groups.at(-1);
    if (last?.day === day) last.blocks.push(block);
    else groups.push({ day, blocks: [block] });
  }
  return groups;
}

/** Whether the block may still be undone at `now` (the server sets undoableUntil only for one's own). */
export function isUndoable(block: Pick<SentBlock, "undoableUntil">, now: number = Date.now()): boolean {
  return block.undoableUntil !== null && new Date(block.undoableUntil).getTime() > now;
}
