"use client";

import { useMemo, useState } from "react";
import { useOfficeChart, useRolloverChart, useStarterChart } from "@/lib/api/chart";
import { currentYearMonth, selectableYears } from "@/lib/format/dates";
import { matchesAccount } from "@/lib/format/search";
import { chartMessages } from "@/lib/i18n/sections/chart";
import { Button } from "@/components/ui/button";
import { Dialog, DialogCloseButton, DialogTitle } from "@/components/ui/dialog";
import { SearchField } from "@/components/ui/search-field";
import { SelectField } from "@/components/ui/select-field";
import { Spinner } from "@/components/ui/spinner";
import { useDelayed } from "@/components/ui/use-delayed";
import { ChartCreateForm } from "./chart-create-form";
import { ChartImport } from "./chart-import";
import { ChartList } from "./chart-list";

const t = chartMessages;
const LAST_YEAR = 2100;

export type ChartDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The year shown first (the first-visit offer opens on the year it is about). */
  year?: number;
  /** Opens straight on the import of that year. */
  importing?: boolean;
};

type View = "list" | "import" | "create";

/** The years offered: next year (to prepare it), this year and every year back to 2020. */
function chartYears(): number[] {
  const current = currentYearMonth().year;
  return [current + 1, ...selectableYears()];
}

/**
 * 'Plano de contas': the office's chart of a year of exercise, its import, the starter chart, the copy
 * into the next year, and the accounts one by one. A dialog over the current page, not a route (the
 * spec's route table has none): docs/decisions/0010-chart-of-accounts-dialog.md.
 */
export function ChartDialog({ open, onOpenChange, year: initialYear, importing = false }: ChartDialogProps) {
  const [year, setYear] = useState(initialYear ?? currentYearMonth().year);
  const [view, setView] = useState<View>(importing ? "import" : "list");
  const [term, setTerm] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const chart = useOfficeChart(year, open);
  const nextYear = year + 1;
  const next = useOfficeChart(nextYear, open && year < LAST_YEAR && (chart.data?.length ?? 0) > 0);
  const starter = useStarterChart();
  const rollover = useRolloverChart();
  const loading = useDelayed(!chart.data);
  const years = useMemo(() => {
    const list = chartYears();
    return list.includes(year) ? list : [...list, year].sort((a, b) => b - a);
  }, [year]);

  const accounts = useMemo(() => chart.data ?? [], [chart.data]);
  const shown = useMemo(() => accounts.filter((account) => matchesAccount(account, term)), [accounts, term]);
  const empty = chart.data !== undefined && accounts.length === 0;
  const canRollover = accounts.length > 0 && next.data !== undefined && next.data.length === 0;

  const reset = () => (starter.reset(), rollover.reset(), setNotice(null));
  const changeYear = (value: string) => (setYear(Number(value)), setView("list"), setTerm(""), reset());
  const loadStarter = () => (reset(), starter.mutate({ year }, { onSuccess: () => setNotice(t.starterDone(year)) }));
  const copyToNext = () => (
    reset(),
    rollover.mutate(
      { fromYear: year, toYear: nextYear },
      { onSuccess: () => (setYear(nextYear), setNotice(t.rolloverDone(nextYear))) },
    )
  );
  const failure = starter.error ?? rollover.error;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      variant="sheet"
      backdrop="normal"
      // Escape in a row being edited cancels the edit (chart-list.tsx), not the dialog.
      onEscapeKeyDown={(event) => {
        if (event.target instanceof Element && event.target.closest("[data-chart-edit]")) event.preventDefault();
      }}
      className={
        "inset-0 sm:inset-auto sm:top-1/2 sm:left-1/2 sm:h-[calc(100dvh-64px)] sm:w-[calc(100%-64px)]" +
        " sm:max-w-[1040px] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-theme sm:border sm:border-border" +
        " sm:shadow-2xl"
      }
    >
      <div className="flex shrink-0 items-center justify-between gap-2 border-b border-border px-2 py-1.5 sm:px-3">
        <DialogTitle className="text-[24px] font-bold leading-tight">{t.title}</DialogTitle>
        <DialogCloseButton label={t.close} />
      </div>
      <div className="flex shrink-0 flex-col gap-1 px-2 pt-1.5 sm:flex-row sm:items-end sm:px-3">
        <SelectField
          label={t.year}
          value={year}
          options={years.map((y) => ({ value: y, label: String(y) }))}
          onValueChange={changeYear}
          className="sm:w-[120px]"
        />
        {view === "list" ? (
          <>
            <div role="search" className="min-w-0 flex-1">
              {empty ? null : <SearchField placeholder={t.search} value={term} onValueChange={setTerm} />}
            </div>
            <div className="flex flex-wrap gap-1">
              {canRollover ? (
                <Button variant="secondary" onClick={copyToNext} loading={rollover.isPending}>
                  {t.rollover(nextYear)}
                </Button>
              ) : null}
              <Button variant="secondary" onClick={() => (reset(), setView("create"))}>
                {t.newAccount}
              </Button>
              {/* an empty year offers the import (and the starter chart) in its own empty state */}
              {empty ? null : <Button onClick={() => (reset(), setView("import"))}>{t.importChart}</Button>}
            </div>
          </>
        ) : null}
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-1.5 overflow-y-auto px-2 py-1.5 sm:px-3">
        {notice ? (
          <p role="status" className="rounded-theme bg-primary-soft px-1.5 py-1 text-sm text-fg">
            {notice}
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="text-sm text-danger">
            {failure.message}
          </p>
        ) : null}
        {view === "import" ? (
          <ChartImport
            year={year}
            onDone={(message) => (setView("list"), setNotice(message))}
            onCancel={() => setView("list")}
          />
        ) : view === "create" ? (
          <ChartCreateForm
            year={year}
            onDone={(message) => (setView("list"), setNotice(message))}
            onCancel={() => setView("list")}
          />
        ) : null}
        {view !== "import" ? (
          !chart.data ? (
            loading ? (
              <p role="status" className="flex items-center gap-1 text-sm text-muted">
                <Spinner className="text-primary" />
                {t.loading}
              </p>
            ) : null
          ) : empty ? (
            <section
              aria-labelledby="chart-empty"
              className={
                "mx-auto mt-2 flex max-w-[560px] flex-col items-center gap-1.5 rounded-theme border" +
                " border-dashed border-border-strong p-3 text-center"
              }
            >
              <h3 id="chart-empty" className="text-lg font-bold">
                {t.noAccounts(year)}
              </h3>
              <p className="text-sm text-muted">{t.noAccountsText}</p>
              <div className="flex flex-wrap justify-center gap-1">
                <Button variant="secondary" onClick={loadStarter} loading={starter.isPending}>
                  {t.starter}
                </Button>
                <Button onClick={() => (reset(), setView("import"))}>{t.importChart}</Button>
              </div>
            </section>
          ) : (
            <ChartList accounts={shown} total={accounts.length} />
          )
        ) : null}
      </div>
    </Dialog>
  );
}
