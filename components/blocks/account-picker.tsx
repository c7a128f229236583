"use client";

import { ChevronDown, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { matchesAccount } from "@/lib/format/search";
import { chartActivateMessages } from "@/lib/i18n/sections/chart";
import { viewerMessages } from "@/lib/i18n/sections/viewer";
import { cn } from "@/components/ui/cn";
import { accountLabel, pickerGroups, type PickerAccount } from "./account-picker-rules";

const t = viewerMessages;
const reducedCodeLabel = chartActivateMessages.reducedCode;

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
}: AccountPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const groups = useMemo(() => pickerGroups(active, all), [active, all]);
  const selected = useMemo(
    () => [...groups.active, ...groups.all, ...known].find((account) => account.id === value) ?? null,
    [groups, known, value],
  );
  const selectedText = selected ? accountLabel(selected) : "";
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null); // null: showing the selection, not typing
  const [activeIndex, setActiveIndex] = useState(-1);

  useEffect(() => {
    if (!autoFocus || !window.matchMedia("(pointer: fine)").matches) return;
    inputRef.current?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the picker (a new block's form) mounts
  }, []);

  const term = text ?? "";
  const filtered = useMemo(() => {
    const keep = (account: PickerAccount) => matchesAccount(account, term);
    return { active: groups.active.filter(keep), all: groups.all.filter(keep) };
  }, [groups, term]);
  const flat = useMemo(() => [...filtered.active, ...filtered.all], [filtered]);
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (!open || activeIndex < 0) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: "nearest" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId is derived from id
  }, [open, activeIndex]);

  const openList = (index?: number) => {
    setOpen(true);
    const current = flat.findIndex((account) => account.id === value);
    setActiveIndex(index ?? (current >= 0 ? current : flat.length > 0 ? 0 : -1));
  };
  const close = () => {
    setOpen(false);
    setText(null);
    setActiveIndex(-1);
  };
  const pick = (account: PickerAccount) => {
    onChange(account.id);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (readOnly) return;
    const last = flat.length - 1;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) openList();
        else if (!event.altKey) setActiveIndex((index) => (index >= last ? 0 : index + 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) openList(last);
        else setActiveIndex((index) => (index <= 0 ? last : index - 1));
        break;
      case "Home":
      case "End":
        if (open && flat.length > 0) {
          event.preventDefault();
          setActiveIndex(event.key === "Home" ? 0 : last);
        }
        break;
      case "Enter":
        if (open) {
          event.preventDefault();
          const account = flat[activeIndex];
          if (account) pick(account);
          else close();
        }
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          close();
        }
        break;
      case "Tab":
        if (open) close();
        break;
    }
  };

  const renderGroup = (key: "active" | "all", title: string, offset: number) => {
    const list = filtered[key];
    if (list.length === 0) return null;
    const headingId = `${id}-${key}`;
    return (
      <li role="presentation" key={key}>
        <div
          id={headingId}
          role="presentation"
          className="sticky top-0 bg-surface-2 px-1.5 py-0.5 text-xs font-bold text-muted"
        >
          {title}
        </div>
        <ul role="group" aria-labelledby={headingId}>
          {list.map((account, i) => {
            const index = offset + i;
            return (
              <li
                key={account.id}
                id={optionId(index)}
                role="option"
                aria-selected={account.id === value}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActiveIndex(index)}
                onClick={() => pick(account)}
                className={cn(
                  "cursor-pointer px-1.5 py-0.5 text-sm text-fg",
                  index === activeIndex && "bg-primary-soft",
                  account.id === value && "font-semibold text-primary",
                )}
              >
                {accountLabel(account)}
                {account.reducedCode ? (
                  <span className="ml-1 text-xs font-normal text-muted">{reducedCodeLabel(account.reducedCode)}</span>
                ) : null}
              </li>
            );
          })}
        </ul>
      </li>
    );
  };

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
          placeholder={readOnly ? undefined : t.searchAccount}
          readOnly={readOnly}
          value={text ?? selectedText}
          title={selectedText || undefined}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActiveIndex(event.target.value.trim() === "" ? -1 : 0);
          }}
          onClick={() => !readOnly && !open && openList()}
          // like a select: typing replaces the chosen account's text
          onFocus={(event) => !readOnly && event.currentTarget.select()}
          onBlur={close}
          onKeyDown={onKeyDown}
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
            onClick={() => {
              onChange(null);
              setText(null);
              inputRef.current?.focus();
            }}
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
            onClick={() => {
              if (open) close();
              else openList();
              inputRef.current?.focus();
            }}
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
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!open || flat.length === 0}
        className={
          "absolute top-full right-0 left-0 z-20 mt-0.5 max-h-[40vh] overflow-y-auto rounded-theme" +
          " border border-border bg-surface py-0.5 shadow-xl"
        }
      >
        {open ? renderGroup("active", t.activeAccounts, 0) : null}
        {open ? renderGroup("all", t.allAccounts, filtered.active.length) : null}
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
