"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { PeriodAccounts } from "@/lib/api/client-detail";
import type { Block, BlocksByMonth } from "@/lib/contract/blocks";
import { monthOptions, selectableYears } from "@/lib/format/dates";
import { clientDetailMessages } from "@/lib/i18n/sections/clientDetail";
import { commonMessages } from "@/lib/i18n/sections/common";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { SearchField } from "@/components/ui/search-field";
import { SelectField } from "@/components/ui/select-field";
import { Spinner } from "@/components/ui/spinner";
import { useDelayed } from "@/components/ui/use-delayed";
import { AccountRows, BlockGrid } from "./account-rows";
import { accountRows, filterRows, flatBlocks, periodBlocks, yearAccounts } from "./month-view";

const t = clientDetailMessages;
type ViewMode = "accounts" | "blocks";

export type PeriodBlocksProps = {
  year: number;
  month: number;
  onYearChange: (year: number) => void;
  onMonthChange: (month: number) => void;
  accounts: UseQueryResult<PeriodAccounts, Error>;
  blocks: UseQueryResult<{ blocks: BlocksByMonth }, Error>;
  onOpen: (block: Block) => void;
};

/**
 * A company's blocks of one period (spec §2 client detail, left panel; the business home reuses it):
 * month and year selects, 'Buscar conta' / 'Buscar valor', the 'Visualizar Contas' / 'Visualizar Blocos'
 * toggle, and the account rows or the flat block grid with their empty texts.
 */
export function PeriodBlocks({
  year,
  month,
  onYearChange,
  onMonthChange,
  accounts,
  blocks,
  onOpen,
}: PeriodBlocksProps) {
  const [view, setView] = useState<ViewMode>("accounts");
  const [term, setTerm] = useState("");
  const period = month === 0 ? t.allMonthsOf(year) : `${monthOptions[month]?.label} de ${year}`;

  const byAccount = useMemo(() => periodBlocks(blocks.data?.blocks, year, month), [blocks.data, year, month]);
  const rows = useMemo(() => {
    const data = accounts.data;
    if (!data) return [];
    const list = "list" in data ? data.list : yearAccounts(data.byMonth, year);
    return accountRows(list, byAccount);
  }, [accounts.data, byAccount, year]);
  const shownRows = useMemo(() => filterRows(rows, view === "accounts" ? term : ""), [rows, term, view]);
  const shownBlocks = useMemo(() => flatBlocks(byAccount, view === "blocks" ? term : ""), [byAccount, term, view]);

  const loading = accounts.isPending || blocks.isPending;
  const showSpinner = useDelayed(loading);
  const years = useMemo(() => selectableYears().map((y) => ({ value: y, label: String(y) })), []);

  const switchView = (next: ViewMode) => {
    setView(next);
    setTerm("");
  };

  return (
    <>
      <div className="grid grid-cols-2 gap-1 sm:grid-cols-[140px_110px_minmax(0,1fr)]">
        <SelectField
          label={t.month}
          options={monthOptions}
          value={month}
          onValueChange={(value) => onMonthChange(Number(value))}
        />
        <SelectField
          label={t.year}
          options={years}
          value={year}
          onValueChange={(value) => onYearChange(Number(value))}
        />
        <div className="col-span-2 flex flex-col justify-end sm:col-span-1">
          <SearchField
            placeholder={view === "accounts" ? t.searchAccounts : t.searchValue}
            value={term}
            onValueChange={setTerm}
          />
        </div>
      </div>
      <div
        role="group"
        aria-label={t.viewToggle}
        className="grid grid-cols-2 rounded-theme border border-border p-0.5 sm:flex sm:w-fit"
      >
        {(["accounts", "blocks"] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={view === mode}
            onClick={() => switchView(mode)}
            className={cn(
              "h-4 cursor-pointer rounded-theme px-1.5 text-sm font-semibold whitespace-nowrap",
              view === mode ? "bg-primary text-primary-fg" : "text-fg hover:bg-surface-2",
            )}
          >
            {mode === "accounts" ? t.viewAccounts : t.viewBlocks}
          </button>
        ))}
      </div>
      <h2 className="text-sm font-semibold text-muted">
        {view === "accounts" ? t.accountsOf(period) : t.blocksOf(period)}
      </h2>
      <div className="min-h-[200px]">
        {loading ? (
          showSpinner ? (
            <p role="status" className="flex items-center gap-1 py-2 text-sm text-muted">
              <Spinner /> {commonMessages.loading}
            </p>
          ) : null
        ) : blocks.isError ? (
          <div role="alert" className="flex flex-col items-start gap-1 py-1 text-sm text-danger">
            <p>{blocks.error.message || t.loadError}</p>
            <Button variant="secondary" onClick={() => void blocks.refetch()}>
              {t.retry}
            </Button>
          </div>
        ) : view === "accounts" ? (
          rows.length === 0 ? (
            <p className="py-2 text-sm text-muted">{t.noAccounts}</p>
          ) : shownRows.length === 0 ? (
            <p className="py-2 text-sm text-muted">{t.noAccountFound}</p>
          ) : (
            <AccountRows key={`${year}-${month}`} rows={shownRows} onOpen={onOpen} />
          )
        ) : shownBlocks.length === 0 ? (
          <p className="py-2 text-sm text-muted">{t.noBlocks}</p>
        ) : (
          <BlockGrid blocks={shownBlocks} onOpen={onOpen} />
        )}
      </div>
    </>
  );
}
