"use client";

import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from "react";
import { useChartAccounts, useClientMonthAccounts, type BlockDocumentsAnswer } from "@/lib/api/blocks";
import type { Block } from "@/lib/contract/blocks";
import { monthNames } from "@/lib/format/dates";
import { readingMessages } from "@/lib/i18n/sections/reading";
import { viewerMessages } from "@/lib/i18n/sections/viewer";
import { Button } from "@/components/ui/button";
import { CurrencyInput } from "@/components/ui/currency-input";
import { SelectField } from "@/components/ui/select-field";
import { AccountPicker } from "./account-picker";
import { Badges, PendencyNote } from "./block-panel-notes";
import { offeredAccounts } from "./account-picker-rules";
import { keepsAccount, keepsDate, keepsValue, type Prefill } from "./reading-prefill";
import {
  blockYearMonth,
  canSave,
  dayOptions,
  initialForm,
  isEditable,
  monthOptions,
  withYear,
  yearOptions,
  type BlockForm,
  type ViewerMode,
} from "./block-form-rules";

const t = viewerMessages;

export type BlockPanelProps = {
  clientId: number;
  block: Block;
  docs: BlockDocumentsAnswer | undefined;
  mode: ViewerMode;
  /** The note of the "view" mode (why the block is read-only); the busy notice by default. */
  readOnlyNote?: string;
  editing: boolean;
  onEditing: (editing: boolean) => void;
  onSave: (form: BlockForm) => void;
  saving: boolean;
  error: string | null;
  /** The form's first values (categorization: the suggestion); the block's own by default. */
  initial?: BlockForm;
  /** Shown under 'Salvar Bloco' (the categorization screen's keyboard hints). */
  footer?: ReactNode;
  /** Hears the form as typed, after each change (categorization keeps it for a block sent back to `next`). */
  onFormChange?: (form: BlockForm) => void;
  /** Above the form: what the block's documents say (reading-card.tsx). */
  reading?: ReactNode;
  /** Categorization: the fields filled from the reading, marked while they keep its value. */
  prefill?: Prefill;
  /** The prefill's note under each field it filled: 'Lido do documento (XML)', 'Lido por OCR — confira'. */
  prefillNote?: string;
  /** A block opened by id only, whose own fields are not known: the form is left out. */
  formHidden?: boolean;
};

const EMPTY = "";

/** The viewer's side panel: badges, the pendency or read-only note, the block form and its buttons. */
export function BlockPanel({
  clientId,
  block,
  docs,
  mode,
  readOnlyNote = t.readOnlyBusy,
  editing,
  onEditing,
  onSave,
  saving,
  error,
  initial,
  footer,
  onFormChange,
  reading,
  prefill,
  prefillNote,
  formHidden,
}: BlockPanelProps) {
  const [form, setForm] = useState<BlockForm>(() => initial ?? initialForm(block));
  const dateNoteId = useId();
  const valueNoteId = useId();
  const accountNoteId = useId();
  useEffect(() => onFormChange?.(form), [form, onFormChange]);
  // Categorization: the account first and focused on each new block; Enter on a date select saves.
  const categorizing = mode === "categorization";
  const editable = isEditable(mode, editing);
  const home = blockYearMonth(block);
  // The lists follow the chosen date once it names a month; until then the block's own month.
  const year = form.year ?? home.year;
  const month = form.year !== null && form.month !== null ? form.month : home.month;
  const chart = useChartAccounts(year);
  const active = useClientMonthAccounts(clientId, year, month);
  // A block whose account is not in its year's lists (older data): its text from this year's chart.
  const thisYear = new Date().getFullYear();
  const missing =
    form.accountId !== null &&
    chart.isSuccess &&
    active.isSuccess &&
    ![...chart.data, ...active.data].some((account) => account.id === form.accountId);
  const fallback = useChartAccounts(thisYear, missing && year !== thisYear);
  const pendency = docs?.pendency ?? null;
  const offered = useMemo(() => offeredAccounts(active.data ?? [], chart.data ?? []), [active.data, chart.data]);
  // The chosen account's text, wherever it is (an inactive account a block already holds is not offered).
  const known = useMemo(
    () => [...(fallback.data ?? []), ...(chart.data ?? []), ...(active.data ?? [])],
    [fallback.data, chart.data, active.data],
  );

  const setYear = (value: string) => {
    const next = value === EMPTY ? null : Number(value);
    // Charts are per year of exercise: an account of another year's chart is not this year's. The lists
    // follow the block's own year until a year is chosen, so choosing that year keeps the account.
    setForm((current) => ({
      ...withYear(current, next),
      accountId: (next ?? home.year) === (current.year ?? home.year) ? current.accountId : null,
    }));
  };
  const numberOrNull = (value: string) => (value === EMPTY ? null : Number(value));
  const placeholder = { value: EMPTY, label: "—" };
  // 'Lido do documento (…)' under a prefilled field, which it describes while the field keeps that value.
  const dateNoted = Boolean(prefill && prefillNote && keepsDate(form, prefill));
  const valueNoted = Boolean(prefill && prefillNote && keepsValue(form, prefill));
  // The account its supplier's earlier blocks suggest: first in the picker, with its reason; in
  // categorization the empty account starts on it, and the reason stays under it while it is kept.
  const suggestion = block.accountSuggestion
    ? {
        accountId: block.accountSuggestion.accountId,
        text: readingMessages.suggested(
          block.accountSuggestion.reason.count,
          block.accountSuggestion.reason.supplierName,
          block.accountSuggestion.reason.kind,
        ),
      }
    : null;
  const accountNoted = Boolean(prefill && suggestion && keepsAccount(form, prefill));
  const note = (shown: boolean, id: string, testId: string) =>
    shown ? (
      <p
        id={id}
        data-testid={testId}
        className="text-xs font-medium text-primary"
        title={readingMessages.prefilledHint}
      >
        {prefillNote}
      </p>
    ) : null;

  const dateFields = (
    <fieldset
      className="flex min-w-0 flex-col gap-0.5"
      disabled={!editable}
      aria-describedby={dateNoted ? dateNoteId : undefined}
    >
      <legend className="mb-0.5 text-sm font-semibold">{t.paymentDate}</legend>
      <div className="grid grid-cols-[1fr_1.6fr_1.2fr] gap-1">
        <SelectField
          label={t.day}
          value={form.day ?? EMPTY}
          options={[placeholder, ...dayOptions().map((day) => ({ value: day, label: String(day).padStart(2, "0") }))]}
          onValueChange={(value) => setForm((current) => ({ ...current, day: numberOrNull(value) }))}
        />
        <SelectField
          label={t.month}
          value={form.month ?? EMPTY}
          options={[placeholder, ...monthOptions(form.year).map((m) => ({ value: m, label: monthNames[m - 1] }))]}
          onValueChange={(value) => setForm((current) => ({ ...current, month: numberOrNull(value) }))}
        />
        <SelectField
          label={t.year}
          value={form.year ?? EMPTY}
          options={[placeholder, ...yearOptions(new Date(), form.year).map((y) => ({ value: y, label: String(y) }))]}
          onValueChange={setYear}
        />
      </div>
      {note(dateNoted, dateNoteId, "prefill-date")}
    </fieldset>
  );
  const accountField = (
    <AccountPicker
      label={t.account}
      value={form.accountId}
      active={offered.active}
      all={offered.all}
      known={known}
      readOnly={!editable}
      onChange={(accountId) => setForm((current) => ({ ...current, accountId }))}
      autoFocus={categorizing}
      suggestion={editable ? suggestion : null}
      describedBy={accountNoted ? accountNoteId : undefined}
    />
  );
  const valueField = (
    <div className="flex flex-col gap-0.5">
      <CurrencyInput
        label={t.value}
        cents={form.cents}
        readOnly={!editable}
        onCentsChange={(cents) => setForm((current) => ({ ...current, cents }))}
        aria-describedby={valueNoted ? valueNoteId : undefined}
      />
      {note(valueNoted, valueNoteId, "prefill-value")}
    </div>
  );
  // Enter in a native select does nothing by itself: in categorization it saves, as in the other fields.
  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (!categorizing || event.key !== "Enter" || !(event.target instanceof HTMLSelectElement)) return;
    event.preventDefault();
    event.currentTarget.requestSubmit();
  };

  return (
    <div className="flex flex-col gap-2">
      {docs ? <Badges docs={docs} /> : null}
      {mode === "pendency" && pendency ? <PendencyNote pendency={pendency} /> : null}
      {reading}
      {mode === "view" || mode === "contabilized" ? (
        <p className="rounded-theme bg-surface-2 px-1.5 py-1 text-sm text-muted">
          {mode === "view" ? readOnlyNote : t.readOnlyContabilized}
        </p>
      ) : null}

      <form
        hidden={formHidden}
        className="flex flex-col gap-1.5"
        aria-label={t.details}
        onKeyDown={onFormKeyDown}
        onSubmit={(event) => {
          event.preventDefault();
          if (editable && canSave(form)) onSave(form);
        }}
      >
        {categorizing ? null : dateFields}
        <div className="flex flex-col gap-0.5">
          {accountField}
          {accountNoted && suggestion ? (
            <p id={accountNoteId} data-testid="prefill-account" className="text-xs font-medium text-primary">
              {suggestion.text}
            </p>
          ) : null}
        </div>
        {valueField}
        {categorizing ? dateFields : null}
        {error ? (
          <p role="alert" className="rounded-theme bg-danger-soft px-1.5 py-1 text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-1">
          {mode === "edit-view" ? (
            <Button
              variant="secondary"
              onClick={() => {
                if (editing) setForm(initialForm(block)); // cancelling drops the changes
                onEditing(!editing);
              }}
            >
              {editing ? t.cancelEdit : t.edit}
            </Button>
          ) : null}
          {editable ? (
            <Button type="submit" disabled={!canSave(form)} loading={saving}>
              {t.save}
            </Button>
          ) : null}
        </div>
        {footer}
      </form>
    </div>
  );
}
