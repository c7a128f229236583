"use client";

import { useState } from "react";
import { useOfficeChart, useStarterChart } from "@/lib/api/chart";
import { useMe } from "@/lib/api/me";
import { currentYearMonth } from "@/lib/format/dates";
import { chartMessages } from "@/lib/i18n/sections/chart";
import { isManager } from "@/lib/permissions/operators";
import { Button } from "@/components/ui/button";
import { useOpenChart } from "@/components/shell/chart-dialog-context";

const t = chartMessages;

/**
 * The first visit of /home (accounting): while the office has no chart for this year or last year (a
 * block goes into the chart of its payment date's year, and December's receipts arrive in January), the
 * owner and administrators are offered the starter chart for those years and the import; a regular
 * operator is told to ask them. Gone once both years have accounts. Light on purpose: the dialog is
 * fetched only when opened (the shell's lazyWhenOpen).
 */
export function ChartOffer() {
  const me = useMe();
  const openChart = useOpenChart();
  const { year } = currentYearMonth();
  const current = useOfficeChart(year, me.data?.accounting !== undefined && me.data?.accounting !== null);
  const last = useOfficeChart(year - 1, current.data !== undefined);
  const starter = useStarterChart();
  const [loading, setLoading] = useState(false);
  const membership = me.data?.accounting;
  if (!membership || !current.data || !last.data) return null;
  const empty = [year - 1, year].filter((y) => (y === year ? current.data : last.data).length === 0);
  if (empty.length === 0) return null;
  const years = empty.join(t.and);

  if (!isManager(membership)) {
    return (
      <p role="note" className="rounded-theme border border-border bg-surface-2 px-2 py-1.5 text-sm">
        {t.offerAskAdmin(years)}
      </p>
    );
  }
  // One year after the other: the second starts once the first has answered (each is its own call).
  const loadStarter = async () => {
    setLoading(true);
    try {
      for (const y of empty) await starter.mutateAsync({ year: y });
    } catch {
      // shown below from the mutation's error
    } finally {
      setLoading(false);
    }
  };
  return (
    <section
      aria-labelledby="chart-offer"
      className={
        "flex flex-col gap-1 rounded-theme border border-primary/40 bg-primary-soft/60 " +
        "p-2 sm:flex-row sm:items-center sm:justify-between"
      }
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <h2 id="chart-offer" className="text-lg font-bold">
          {t.offerTitle}
        </h2>
        <p className="text-sm">{t.offerText(years)}</p>
        {starter.isError ? (
          <p role="alert" className="text-sm text-danger">
            {starter.error.message}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap gap-1">
        <Button variant="secondary" onClick={() => openChart?.({ year: empty[empty.length - 1], importing: true })}>
          {t.importChart}
        </Button>
        <Button onClick={() => void loadStarter()} loading={loading}>
          {t.offerStarter(years)}
        </Button>
      </div>
    </section>
  );
}
