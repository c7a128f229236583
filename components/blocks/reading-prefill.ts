import type { BlockReadingAnswer } from "@/lib/contract/fiscal";
import type { AccountSuggestion } from "@/lib/contract/suggestion";
import type { DateInput } from "@/lib/format/dates";
import { decimalTextToCents } from "@/lib/format/money";
import { categorizationForm, isFormDateValid, type BlockForm } from "./block-form-rules";

// Categorization's first form when the block's documents were read (docs/decisions/0273): what the
// office already has wins — the block's own date and value, then a solved pendency's suggestion — and
// only the fields still empty take the reading; an empty account takes the account its supplier's earlier
// blocks suggest (docs/decisions/0295). Nothing is saved: the operator presses 'Salvar Bloco'.

type Suggestion = { date: string | null; value: string | null; accountId: number | null } | null;
type PrefillBlock = {
  date: string | null;
  value: string | null;
  accountId: number | null;
  suggestion: Suggestion;
  accountSuggestion?: AccountSuggestion | null;
};

export type Prefill = {
  form: BlockForm;
  /** Which fields came from the reading (their note shows while they keep that value). */
  date: boolean;
  value: boolean;
  account: boolean;
  /** The reading's date when the form cannot take it (outside the save rules' range): shown beside. */
  outside: string | null;
};

export function prefillFromReading(
  block: PrefillBlock,
  reading: BlockReadingAnswer | null,
  now: DateInput = new Date(),
): Prefill {
  const form = categorizationForm(block);
  const none: Prefill = { form, date: false, value: false, account: false, outside: null };
  const suggested = block.accountSuggestion ?? null;
  const result = { ...none, form: { ...form } };
  if (form.accountId === null && suggested) {
    result.form = { ...result.form, accountId: suggested.accountId };
    result.account = true;
  }
  if (!reading) return result;
  const hasDate = form.day !== null || form.month !== null || form.year !== null;
  if (!hasDate && reading.date) {
    const [year, month, day] = reading.date.split("-").map(Number);
    const candidate = { ...form, year, month, day };
    if (isFormDateValid(candidate, now)) {
      result.form = { ...result.form, year, month, day };
      result.date = true;
    } else {
      result.outside = reading.date;
    }
  }
  const cents = reading.value === null ? null : decimalTextToCents(reading.value);
  if (form.cents === 0 && cents !== null && cents > 0) {
    result.form = { ...result.form, cents };
    result.value = true;
  }
  return result;
}

/** Whether the form still holds the prefilled date (the note goes once the operator changes it). */
export const keepsDate = (form: BlockForm, prefill: Prefill) =>
  prefill.date && form.day === prefill.form.day && form.month === prefill.form.month && form.year === prefill.form.year;

export const keepsValue = (form: BlockForm, prefill: Prefill) => prefill.value && form.cents === prefill.form.cents;

/** Whether the form still holds the suggested account. */
export const keepsAccount = (form: BlockForm, prefill: Prefill) =>
  prefill.account && form.accountId === prefill.form.accountId;
