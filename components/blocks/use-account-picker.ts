"use client";

import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { matchesAccount } from "@/lib/format/search";
import { accountLabel, pickerGroups, pickerKey, type PickerAccount } from "./account-picker-rules";

type Options = {
  value: number | null;
  active: readonly PickerAccount[];
  all: readonly PickerAccount[];
  onChange: (accountId: number | null) => void;
  known: readonly PickerAccount[];
  readOnly: boolean;
  autoFocus: boolean;
  /** The account suggested for the block: first in the list. */
  suggestedId: number | null;
};

/**
 * The account picker's state (account-picker.tsx draws it): the typed text and its filtered groups, the
 * open list and its active option, and what the input's keys, typing and the two buttons do.
 */
export function useAccountPicker({ value, active, all, onChange, known, readOnly, autoFocus, suggestedId }: Options) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const groups = useMemo(() => pickerGroups(active, all, suggestedId), [active, all, suggestedId]);
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
    const action = pickerKey(event.key, { altKey: event.altKey, open, activeIndex, count: flat.length });
    if (!action) return;
    if (action.prevent) event.preventDefault();
    if (action.kind === "open") openList(action.index);
    else if (action.kind === "move") setActiveIndex(action.index);
    else if (action.kind === "close") close();
    else if (action.kind === "pick") {
      const account = flat[activeIndex];
      if (account) pick(account);
      else close();
    }
  };

  /** The input's text changed: the list opens on the first match (on none while the text is blank). */
  const type = (typed: string) => {
    setText(typed);
    setOpen(true);
    setActiveIndex(typed.trim() === "" ? -1 : 0);
  };
  /** 'Limpar': no account, the input keeps the focus. */
  const clear = () => {
    onChange(null);
    setText(null);
    inputRef.current?.focus();
  };
  /** 'Abrir'/'Fechar': the list toggles, the input keeps the focus. */
  const toggle = () => {
    if (open) close();
    else openList();
    inputRef.current?.focus();
  };

  return {
    id,
    inputRef,
    filtered,
    flat,
    selectedText,
    open,
    text,
    activeIndex,
    setActiveIndex,
    optionId,
    openList,
    close,
    pick,
    onKeyDown,
    type,
    clear,
    toggle,
  };
}
