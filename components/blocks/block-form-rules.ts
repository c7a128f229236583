import { YEAR_SELECT_OPTIONS, ZOOM_LEVELS as ZOOM_LEVEL_COUNT } from "@/lib/constants";
import type { Block, BlockSaveBody } from "@/lib/contract/blocks";
import { currentYearMonth, isValidCalendarDate, type DateInput } from "@/lib/format/dates";
import { centsToDecimalText, decimalTextToCents } from "@/lib/format/money";

// Pure rules of the block viewer (spec §2 Block viewer, §4 Block states, §5 block form, §9). No React.

// The card's date and value live in their own module (pages that only list blocks need nothing else here).
export { blockCardDate, blockCardValue } from "./block-card-format";
export { blockYearMonth } from "@/lib/blocks/block-month";

/** Years in the viewer's year select (spec §9 "year select 5"): the current year and the four before. */
export const VIEWER_YEAR_OPTIONS = YEAR_SELECT_OPTIONS;
/** Spec §9: 3 zoom levels — fitted, then 1.75× and 2.5× the fitted size. */
export const ZOOM_LEVELS = [1, 1.75, 2.5] as const;
if (ZOOM_LEVELS.length !== ZOOM_LEVEL_COUNT)
  throw new Error("ZOOM_LEVELS must have ZOOM_LEVELS (lib/constants) entries");
/** Spec §4: a block is marked viewed about twice the fast transition (250 ms) after display. */
export const MARK_VIEWED_DELAY_MS = 500;

/**
 * The side panel's mode (docs/decisions/0116-block-viewer.md), first match wins:
 * - contabilized: the block has contabilizedDatetime; read-only, no toggle, no devolve.
 * - view: the client is busy (another operator works it); read-only, no toggle, no devolve.
 * - pendency: the block has an open pendency; the problem and observation, fields read-only, devolve.
 * - edit: uncategorised (no account); the form is editable at once.
 * - edit-view: categorised; read-only with the edit/save toggle (editing = true makes it editable).
 * - categorization: the categorization screen's queue (never chosen by viewerMode); editable, the
 *   account first (Tab order account → value → date → Salvar), prefilled from the block's suggestion.
 */
export type ViewerMode = "contabilized" | "view" | "pendency" | "edit" | "edit-view" | "categorization";

export function viewerMode(
  block: Pick<Block, "contabilizedDatetime" | "accountId" | "hasPendency">,
  readOnly: boolean,
): ViewerMode {
  if (block.contabilizedDatetime) return "contabilized";
  if (readOnly) return "view";
  if (block.hasPendency) return "pendency";
  return block.accountId === null ? "edit" : "edit-view";
}

/** Whether the form's fields take input in a mode (edit-view only while toggled to editing). */
export function isEditable(mode: ViewerMode, editing: boolean): boolean {
  return mode === "edit" || mode === "categorization" || (mode === "edit-view" && editing);
}

/** Devolve is offered only when the block is not contabilised and the client is not busy (spec §4). */
export function canDevolve(mode: ViewerMode): boolean {
  return mode !== "contabilized" && mode !== "view";
}

export type BlockForm = {
  day: number | null;
  month: number | null;
  year: number | null;
  accountId: number | null;
  cents: number;
};

/** The categorization form of a block: the suggestion left by a solved pendency when present, else the block. */
export function categorizationForm(
  block: Pick<Block, "date" | "value" | "accountId"> & {
    suggestion: { date: string | null; value: string | null; accountId: number | null } | null;
  },
): BlockForm {
  const { suggestion } = block;
  if (!suggestion) return initialForm(block);
  return initialForm({
    date: suggestion.date ?? block.date,
    value: suggestion.value ?? block.value,
    accountId: suggestion.accountId ?? block.accountId,
  });
}

/** The form of a block as loaded: its payment date, account and value (empty while uncategorised). */
export function initialForm(block: Pick<Block, "date" | "value" | "accountId">): BlockForm {
  const [year, month, day] = block.date ? block.date.split("-").map(Number) : [null, null, null];
  return {
    day,
    month,
    year,
    accountId: block.accountId,
    cents: block.value === null ? 0 : (decimalTextToCents(block.value) ?? 0),
  };
}

/** Year select: the current year and the four before, descending; the block's own year kept if older. */
export function yearOptions(now: DateInput = new Date(), keep: number | null = null): number[] {
  const { year } = currentYearMonth(now);
  const years = Array.from({ length: VIEWER_YEAR_OPTIONS }, (_, i) => year - i);
  if (keep !== null && !years.includes(keep)) years.push(keep);
  return years;
}

/**
 * Month select (spec §5/§9): every month, or in the current year only the months up to the current
 * one. (The spec's "month select 7 options" is what that rule gave when it was written, in July.)
 */
export function monthOptions(year: number | null, now: DateInput = new Date()): number[] {
  const current = currentYearMonth(now);
  const last = year === current.year ? current.month : 12;
  return Array.from({ length: last }, (_, i) => i + 1);
}

/** Day select: 1 to 31 always, so a date such as 31/02 can be picked and is refused by canSave. */
export function dayOptions(): number[] {
  return Array.from({ length: 31 }, (_, i) => i + 1);
}

/** After a year change: a month later than the current one in the current year is cleared. */
export function withYear(form: BlockForm, year: number | null, now: DateInput = new Date()): BlockForm {
  const month =
    form.month !== null && year !== null && !monthOptions(year, now).includes(form.month) ? null : form.month;
  return { ...form, year, month };
}

/**
 * The payment date is a real calendar date inside the selectable months: the current year and the
 * VIEWER_YEAR_OPTIONS - 1 before it, as the server takes them. (An older year of a block is kept in the
 * year select so that the block reads as it is, but saving asks for a year in range.)
 */
export function isFormDateValid(form: BlockForm, now: DateInput = new Date()): boolean {
  const { day, month, year } = form;
  if (day === null || month === null || year === null) return false;
  if (!isValidCalendarDate(year, month, day)) return false;
  const current = currentYearMonth(now).year;
  return monthOptions(year, now).includes(month) && year <= current && year > current - VIEWER_YEAR_OPTIONS;
}

/** 'Salvar Bloco' is disabled when the value is empty or 'R$ 0,00', no account, or the date invalid (§5). */
export function canSave(form: BlockForm, now: DateInput = new Date()): boolean {
  return form.cents > 0 && form.accountId !== null && isFormDateValid(form, now);
}

/** Whether the form differs from the block as loaded. */
export function isDirty(form: BlockForm, block: Pick<Block, "date" | "value" | "accountId">): boolean {
  const loaded = initialForm(block);
  return (Object.keys(form) as (keyof BlockForm)[]).some((key) => form[key] !== loaded[key]);
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** The body of POST /api/block/save; call only when canSave. */
export function toSaveBody(blockId: number, form: BlockForm, version: number): BlockSaveBody {
  if (form.day === null || form.month === null || form.year === null || form.accountId === null) {
    throw new Error("toSaveBody: incomplete form");
  }
  return {
    block: {
      id: blockId,
      date: `${form.year}-${pad2(form.month)}-${pad2(form.day)}`,
      value: centsToDecimalText(form.cents),
      accountId: form.accountId,
    },
    version,
  };
}

/** The badge text of the documents answer (spec §2), or none. */
export function badges(docs: {
  categorizedBy: string | null;
  contabilizedBy: string | null;
  alsoContabilize: boolean;
}): Array<{ kind: "categorized" | "contabilized" | "both"; name: string }> {
  if (docs.alsoContabilize && docs.categorizedBy) return [{ kind: "both", name: docs.categorizedBy }];
  const list: Array<{ kind: "categorized" | "contabilized" | "both"; name: string }> = [];
  if (docs.categorizedBy) list.push({ kind: "categorized", name: docs.categorizedBy });
  if (docs.contabilizedBy) list.push({ kind: "contabilized", name: docs.contabilizedBy });
  return list;
}

/** Next zoom index, clamped to the 3 levels. */
export function stepZoom(index: number, step: 1 | -1): number {
  return Math.min(ZOOM_LEVELS.length - 1, Math.max(0, index + step));
}
