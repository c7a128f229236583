"use client";

import { useMemo, useState } from "react";
import { usePendencies } from "@/lib/api/client-detail";
import { issueLabel } from "@/lib/constants";
import type { Pendency } from "@/lib/contract/blocks";
import { formatTime, monthNames, saoPauloParts, selectableYears } from "@/lib/format/dates";
import { clientDetailMessages } from "@/lib/i18n/sections/clientDetail";
import { commonMessages } from "@/lib/i18n/sections/common";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { SelectField } from "@/components/ui/select-field";
import { Spinner } from "@/components/ui/spinner";
import { useDelayed } from "@/components/ui/use-delayed";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import type { PendencyDialogProps } from "./pendency-dialog";

const t = clientDetailMessages;

// A pendency's dialog is fetched on the first open, not with the client page.
const PendencyDialog = lazyWhenOpen<PendencyDialogProps>(
  () => import("./pendency-dialog").then((module) => module.PendencyDialog),
  (props) => props.pendency !== null,
  (props) => props.onClose(),
);

type DayGroup = { day: number; items: Pendency[] };

/** The month's pendencies by day ('Dia {dd}', latest day first), open ones before solved ones in a day. */
export function groupByDay(pendencies: Pendency[], month: number): DayGroup[] {
  const groups = new Map<number, Pendency[]>();
  for (const pendency of pendencies) {
    const parts = saoPauloParts(pendency.date);
    if (parts.month !== month) continue;
    groups.set(parts.day, [...(groups.get(parts.day) ?? []), pendency]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => b - a)
    .map(([day, items]) => ({
      day,
      items: items.sort(
        (a, b) => Number(a.solvedDatetime !== null) - Number(b.solvedDatetime !== null) || b.date.localeCompare(a.date),
      ),
    }));
}

/** Open pendencies per month (1..12) of a year's list: the badges of the month selector. */
export function openCountByMonth(pendencies: Pendency[]): number[] {
  const counts = Array.from({ length: 13 }, () => 0);
  for (const pendency of pendencies)
    if (pendency.solvedDatetime === null) counts[saoPauloParts(pendency.date).month] += 1;
  return counts;
}

/** Right panel 'Pendências' (spec §2): month chips with open counts, year select, the month's list by day. */
export function PendenciesPanel({
  clientId,
  initialYear,
  initialMonth,
}: {
  clientId: number;
  initialYear: number;
  initialMonth: number;
}) {
  const [year, setYear] = useState(initialYear);
  const [month, setMonth] = useState(initialMonth);
  const [open, setOpen] = useState<Pendency | null>(null);
  const pendencies = usePendencies(clientId, year);
  const showSpinner = useDelayed(pendencies.isPending);
  const counts = useMemo(() => openCountByMonth(pendencies.data ?? []), [pendencies.data]);
  const days = useMemo(() => groupByDay(pendencies.data ?? [], month), [pendencies.data, month]);
  const years = useMemo(() => selectableYears().map((y) => ({ value: y, label: String(y) })), []);

  return (
    <section
      aria-labelledby="pendencies-title"
      className="flex min-h-0 flex-col gap-1.5 rounded-theme border border-border bg-surface p-2"
    >
      <div className="flex items-center justify-between gap-1">
        <h2 id="pendencies-title" className="text-lg font-bold">
          {t.pendencies}
        </h2>
        <SelectField
          label={t.year}
          hideLabel
          options={years}
          value={year}
          onValueChange={(value) => setYear(Number(value))}
          className="w-[96px]"
        />
      </div>
      <div role="group" aria-label={t.pendencyMonths} className="grid grid-cols-6 gap-0.5">
        {monthNames.map((name, index) => {
          const value = index + 1;
          const count = counts[value];
          return (
            <button
              key={name}
              type="button"
              aria-pressed={month === value}
              title={t.pendencyMonth(name, count)}
              onClick={() => setMonth(value)}
              className={cn(
                "flex h-4 cursor-pointer items-center justify-center gap-0.5 rounded-theme text-xs font-semibold",
                month === value ? "bg-primary text-primary-fg" : "bg-surface-2 text-fg hover:bg-primary-soft",
              )}
            >
              {name.slice(0, 3)}
              {count > 0 ? (
                <>
                  {" "}
                  <span
                    className={
                      "grid h-2 min-w-2 place-items-center rounded-full bg-status-pendency px-0.5 " +
                      "text-[10px] leading-none text-black"
                    }
                  >
                    {count}
                  </span>
                  <span className="sr-only">{t.openPendencies(count)}</span>
                </>
              ) : null}
            </button>
          );
        })}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {pendencies.isPending ? (
          showSpinner ? (
            <p className="flex items-center gap-1 py-2 text-sm text-muted" role="status">
              <Spinner /> {commonMessages.loading}
            </p>
          ) : null
        ) : pendencies.isError ? (
          <div role="alert" className="flex flex-col items-start gap-1 py-1 text-sm text-danger">
            <p>{pendencies.error.message}</p>
            <Button variant="secondary" onClick={() => void pendencies.refetch()}>
              {t.retry}
            </Button>
          </div>
        ) : days.length === 0 ? (
          <p className="py-2 text-sm text-muted">{commonMessages.emptyList}</p>
        ) : (
          <ol className="flex flex-col gap-1.5">
            {days.map((group) => (
              <li key={group.day}>
                <h3 className="pb-0.5 text-xs font-bold text-muted">{t.day(String(group.day).padStart(2, "0"))}</h3>
                <ul className="flex flex-col gap-0.5">
                  {group.items.map((pendency) => {
                    const solved = pendency.solvedDatetime !== null;
                    return (
                      <li key={pendency.id}>
                        <button
                          type="button"
                          onClick={() => setOpen(pendency)}
                          className={cn(
                            "flex w-full cursor-pointer items-center gap-1 rounded-theme border border-border",
                            "px-1 py-0.5 text-left text-sm hover:bg-surface-2",
                            solved && "border-dashed",
                          )}
                        >
                          <span className="w-[44px] shrink-0 text-xs text-muted tabular-nums">
                            {formatTime(pendency.date)}
                          </span>
                          <span className="min-w-0 flex-1 truncate">{issueLabel(pendency.issue)}</span>
                          <span
                            className={cn(
                              "shrink-0 rounded-full px-0.5 text-[11px] font-semibold",
                              solved ? "bg-status-contabilized/15 text-fg" : "bg-status-pendency/15 text-fg",
                            )}
                          >
                            {solved ? t.solved : t.open}
                          </span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </div>
      <PendencyDialog pendency={open} onClose={() => setOpen(null)} />
    </section>
  );
}
