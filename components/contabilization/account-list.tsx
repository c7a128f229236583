"use client";

import type { ContabilizationAccount } from "@/lib/contract/contabilization";
import { commonMessages } from "@/lib/i18n/sections/common";
import { contabilizationDeskMessages } from "@/lib/i18n/sections/contabilizationDesk";
import { cn } from "@/components/ui/cn";

const t = contabilizationDeskMessages;

export type AccountListProps = {
  accounts: readonly ContabilizationAccount[];
  selectedId: number | null;
  onSelect: (accountId: number) => void;
};

/**
 * The month's accounts as the server sorts them: those with blocks to post first, then by code; each with
 * its count. A button per account (aria-pressed marks the chosen one); accounts with nothing left stay
 * selectable, for their history and the last contabilised.
 */
export function AccountList({ accounts, selectedId, onSelect }: AccountListProps) {
  if (accounts.length === 0) return <p className="py-2 text-sm text-muted">{commonMessages.emptyList}</p>;
  return (
    <ul
      className={
        "scroll-fade -mx-0.5 flex max-h-[40vh] flex-col gap-0.5 overflow-y-auto px-0.5 " +
        "py-0.5 lg:max-h-[calc(100dvh-330px)]"
      }
    >
      {accounts.map((account) => {
        const selected = account.id === selectedId;
        const count = account.uncontabilizedCount;
        return (
          <li key={account.id}>
            <button
              type="button"
              aria-pressed={selected}
              data-account-id={account.id}
              onClick={() => onSelect(account.id)}
              className={cn(
                "flex min-h-6 w-full cursor-pointer items-center gap-1 rounded-theme border px-1 py-0.5 " +
                  "text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary",
                selected ? "border-primary bg-primary-soft" : "border-transparent hover:bg-surface-2",
              )}
            >
              <span className="min-w-0 flex-1">
                <span className={cn("block truncate font-semibold", count === 0 && !selected && "text-muted")}>
                  {account.code} - {account.description}
                </span>
                <span className="block text-xs text-muted">{t.toPost(count)}</span>
              </span>
              <span
                aria-hidden="true"
                className={cn(
                  "grid h-2.5 min-w-2.5 shrink-0 place-items-center rounded-full px-0.5 text-[11px] leading-none " +
                    "font-bold",
                  count > 0 ? "bg-primary text-primary-fg" : "bg-surface-2 text-muted",
                )}
              >
                {count > 99 ? "99+" : count}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
