"use client";

import { issueLabel } from "@/lib/constants";
import type { QueuedPendency } from "@/lib/contract/business";
import { formatDate, formatTime } from "@/lib/format/dates";
import { businessPanelMessages } from "@/lib/i18n/sections/businessPanel";
import { cn } from "@/components/ui/cn";

const t = businessPanelMessages;

type PendencyListProps = {
  queue: QueuedPendency[];
  current: number | null;
  disabled: boolean;
  onChoose: (id: number) => void;
};

/** Every open pendency of the company, in queue order: choosing one shows it (Proximo still steps through). */
export function PendencyList({ queue, current, disabled, onChoose }: PendencyListProps) {
  return (
    <nav aria-label={t.openPendencies} className="rounded-theme border border-border bg-surface p-1.5">
      <h2 className="px-0.5 text-sm font-semibold">{t.openPendencies}</h2>
      <ul className="mt-1 flex gap-1 overflow-x-auto pb-0.5">
        {queue.map((item) => {
          const active = item.id === current;
          return (
            <li key={item.id} className="shrink-0">
              <button
                type="button"
                aria-current={active ? "true" : undefined}
                disabled={disabled}
                onClick={() => onChoose(item.id)}
                className={cn(
                  "flex cursor-pointer flex-col items-start rounded-theme border px-1.5 py-0.5 text-left text-sm " +
                    "disabled:cursor-default",
                  active ? "border-primary bg-primary-soft" : "border-border hover:bg-surface-2",
                )}
              >
                <span className="font-medium">{issueLabel(item.issue)}</span>
                <span className="text-xs text-muted tabular-nums">
                  {t.pendencyWhen(formatDate(item.date), formatTime(item.date))}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
