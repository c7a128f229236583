"use client";

import { ChevronDown, X } from "lucide-react";
import { viewerMessages } from "@/lib/i18n/sections/viewer";
import { cn } from "@/components/ui/cn";
import { AccountOptionGroup } from "./account-option-group";
import type { PickerAccount } from "./account-picker-rules";
import { useAccountPicker } from "./use-account-picker";

const t = viewerMessages;

export type AccountPickerProps = {
  label: string;
  value: number | null;
  /** The client's accounts of the block's month ('Contas ativas'). */
  active: readonly PickerAccount[];
  /** The office chart of the block's year ('Todas as contas'). */
  all: readonly PickerAccount[];
  onChange: (accountId: number | null) => void;
  /** Where else the selected account's text may be found (not offered as options). */
  known?: readonly PickerAccount[];
  readOnly?: boolean;
  invalid?: boolean;
  /**
   * Focus the input when it mounts (the categorization screen, on each new block). Only with a mouse or
   * trackpad: on a touch screen a focused input raises the keyboard over the image.
   */
  autoFocus?: boolean;
  /** The account suggested for the block and why ('Sugerida: usada 3 vezes para …'): first in the list. */
  suggestion?: { accountId: number; text: string } | null;
  /** The id of a note that describes the field (the suggestion's reason under it). */
  describedBy?: string;
};

/**
 * The account picker of spec §2: an ARIA 1.2 combobox (editable, list autocomplete) over two groups,
 * 'Contas ativas' then 'Todas as contas', options 'code - description' (the reduced code, when there is
 * one, beside it in small type, and searched too), accent- and case-insensitive search, 'Sem Opções'
 * when nothing matches, 'Limpar' and the 'Abrir'/'Fechar' toggle; the listbox is at most 40vh tall.
 * Keyboard: ↓/↑ (Alt+↓ opens), Home/End, Enter picks, Escape closes, Tab leaves.
 */
export function AccountPicker({
  label,
  value,
  active,
  all,
  onChange,
  known = [],
  readOnly = false,
  invalid,
  autoFocus = false,
  suggestion = null,
  describedBy,
}: AccountPickerProps) {
  const suggestedId = suggestion?.accountId ?? null;
  const picker = useAccountPicker({ value, active, all, onChange, known, readOnly, autoFocus, suggestedId });
  const { id, inputRef, filtered, flat, open, activeIndex, optionId } = picker;
  const listId = `${id}-list`;
  const group = (key: "active" | "all", title: string, offset: number) => (
    <AccountOptionGroup
      key={key}
      headingId={`${id}-${key}`}
      title={title}
      accounts={filtered[key]}
      offset={offset}
      optionId={optionId}
      value={value}
      activeIndex={activeIndex}
      onActive={picker.setActiveIndex}
      onPick={picker.pick}
      suggestion={suggestion}
    />
  );

  return (
    <div className="relative flex min-w-0 flex-col gap-0.5">
      <label htmlFor={id} className="text-xs font-semibold text-muted">
        {label}
      </label>
      <div
        className={cn(
          "flex h-5 items-center rounded-theme border bg-surface pr-0.5 focus-within:border-primary" +
            " focus-within:ring-4 focus-within:ring-primary/15",
          readOnly && "border-transparent bg-surface-2 focus-within:ring-0",
          invalid && !readOnly ? "border-danger" : !readOnly && "border-border",
        )}
      >
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          placeholder={readOnly ? undefined : t.searchAccount}
          readOnly={readOnly}
          value={picker.text ?? picker.selectedText}
          title={picker.selectedText || undefined}
          onChange={(event) => picker.type(event.target.value)}
          onClick={() => !readOnly && !open && picker.openList()}
          // like a select: typing replaces the chosen account's text
          onFocus={(event) => !readOnly && event.currentTarget.select()}
          onBlur={picker.close}
          onKeyDown={picker.onKeyDown}
          className={
            "h-full min-w-0 flex-1 truncate rounded-theme bg-transparent px-1.5 text-[15px] text-fg" +
            " outline-none placeholder:text-muted"
          }
        />
        {!readOnly && value !== null ? (
          <button
            type="button"
            tabIndex={-1}
            aria-label={t.clear}
            title={t.clear}
            onMouseDown={(event) => event.preventDefault()}
            onClick={picker.clear}
            className={
              "grid size-3 cursor-pointer place-items-center rounded-full text-muted" +
              " hover:bg-surface-2 hover:text-fg"
            }
          >
            <X aria-hidden="true" className="size-2" strokeWidth={2.2} />
          </button>
        ) : null}
        {!readOnly ? (
          <button
            type="button"
            tabIndex={-1}
            aria-label={open ? t.closeList : t.open}
            title={open ? t.closeList : t.open}
            onMouseDown={(event) => event.preventDefault()}
            onClick={picker.toggle}
            className={
              "grid size-3 cursor-pointer place-items-center rounded-full text-muted" +
              " hover:bg-surface-2 hover:text-fg"
            }
          >
            <ChevronDown
              aria-hidden="true"
              className={cn("size-2 transition-transform", open && "rotate-180")}
              strokeWidth={2.2}
            />
          </button>
        ) : null}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!open || flat.length === 0}
        className={
          "absolute top-full right-0 left-0 z-20 mt-0.5 max-h-[40vh] overflow-y-auto rounded-theme" +
          " border border-border bg-surface py-0.5 shadow-xl"
        }
      >
        {open ? group("active", t.activeAccounts, 0) : null}
        {open ? group("all", t.allAccounts, filtered.active.length) : null}
      </ul>
      {open && flat.length === 0 ? (
        <div
          role="status"
          className={
            "absolute top-full right-0 left-0 z-20 mt-0.5 rounded-theme border border-border" +
            " bg-surface px-1.5 py-1 text-sm text-muted shadow-xl"
          }
        >
          {t.noOptions}
        </div>
      ) : null}
    </div>
  );
}
