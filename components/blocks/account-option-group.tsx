"use client";

import { chartActivateMessages } from "@/lib/i18n/sections/chart";
import { cn } from "@/components/ui/cn";
import { accountLabel, type PickerAccount } from "./account-picker-rules";

const reducedCodeLabel = chartActivateMessages.reducedCode;

type AccountOptionGroupProps = {
  /** The id of the group's title ('Contas ativas', 'Todas as contas'), which names the group. */
  headingId: string;
  title: string;
  accounts: readonly PickerAccount[];
  /** The position of the group's first option in the whole list (the options' ids and the active one). */
  offset: number;
  optionId: (index: number) => string;
  value: number | null;
  activeIndex: number;
  onActive: (index: number) => void;
  onPick: (account: PickerAccount) => void;
  /** The suggested account: its option carries the reason under its text (part of its name, as shown). */
  suggestion: { accountId: number; text: string } | null;
};

/** One group of the account picker's listbox: its sticky title, then its options; nothing when empty. */
export function AccountOptionGroup({
  headingId,
  title,
  accounts,
  offset,
  optionId,
  value,
  activeIndex,
  onActive,
  onPick,
  suggestion,
}: AccountOptionGroupProps) {
  if (accounts.length === 0) return null;
  return (
    <li role="presentation">
      <div
        id={headingId}
        role="presentation"
        className="sticky top-0 bg-surface-2 px-1.5 py-0.5 text-xs font-bold text-muted"
      >
        {title}
      </div>
      <ul role="group" aria-labelledby={headingId}>
        {accounts.map((account, i) => {
          const index = offset + i;
          const suggested = suggestion?.accountId === account.id;
          return (
            <li
              key={account.id}
              id={optionId(index)}
              role="option"
              aria-selected={account.id === value}
              data-suggested={suggested || undefined}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => onActive(index)}
              onClick={() => onPick(account)}
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
              {suggested ? <span className="block text-xs font-medium text-primary">{suggestion.text}</span> : null}
            </li>
          );
        })}
      </ul>
    </li>
  );
}
