"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { useClientBusy, useClientCard, usePeriodAccounts, usePeriodBlocks } from "@/lib/api/client-detail";
import { clearSelectedClient, useSelectedClient, type SelectedClient } from "@/lib/client-selection";
import type { Block } from "@/lib/contract/blocks";
import { currentYearMonth, monthOptions, selectableYears } from "@/lib/format/dates";
import { messages } from "@/lib/i18n/messages";
import { BlockViewer } from "@/components/blocks/block-viewer";
import { ClientInfoDialog } from "@/components/clients/client-info-dialog";
import { AppShell } from "@/components/shell/app-shell";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { SearchField } from "@/components/ui/search-field";
import { SelectField } from "@/components/ui/select-field";
import { Spinner } from "@/components/ui/spinner";
import { Splash } from "@/components/ui/splash";
import { useDelayed } from "@/components/ui/use-delayed";
import { AccountRows, BlockGrid } from "./account-rows";
import { accountRows, filterRows, flatBlocks, periodBlocks, yearAccounts } from "./month-view";
import { PendenciesPanel } from "./pendencies-panel";
import { RemoveClientDialog } from "./remove-client";
import { SideBar, type SideDrawerChoice } from "./side-bar";
import { SideDrawers } from "./side-drawers";

const t = messages.clientDetail;
type ViewMode = "accounts" | "blocks";

/** /home/client: the client of this tab (sessionStorage), or back to /home without one (spec §2). */
export function ClientDetailPage() {
  const selected = useSelectedClient();
  const router = useRouter();
  useEffect(() => {
    if (selected === null) router.replace("/home");
  }, [selected, router]);
  if (!selected) return <Splash />;
  return (
    <AppShell>
      <ClientDetailScreen key={selected.id} client={selected} />
    </AppShell>
  );
}

function ClientDetailScreen({ client }: { client: SelectedClient }) {
  const router = useRouter();
  const now = useMemo(() => currentYearMonth(), []);
  const [year, setYear] = useState(now.year);
  const [month, setMonth] = useState(now.month);
  const [view, setView] = useState<ViewMode>("accounts");
  const [term, setTerm] = useState("");
  const [choice, setChoice] = useState<SideDrawerChoice>("none");
  const [removing, setRemoving] = useState(false);
  const [infoOpen, setInfoOpen] = useState(false);
  const [openBlock, setOpenBlock] = useState<Block | null>(null);

  const card = useClientCard(client.id);
  const busy = useClientBusy(client.id);
  const accounts = usePeriodAccounts(client.id, year, month);
  const blocks = usePeriodBlocks(client.id, year, month);

  // A client this operator lost (removed, transferred away, unshared) answers 404: back to the list.
  const lost = [card, blocks].some((query) => query.error && "status" in query.error && query.error.status === 404);
  useEffect(() => {
    if (!lost) return;
    clearSelectedClient();
    router.replace("/home");
  }, [lost, router]);

  const name = card.data?.name ?? client.name;
  const pictureUrl = card.data?.pictureUrl ?? client.logoUrl;
  const busyOperator = busy.data?.busy ?? null;
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

  // The open block follows the list: a save elsewhere brings its new version and fields.
  const viewed = openBlock ? ([...byAccount.values()].flat().find((block) => block.id === openBlock.id) ?? openBlock) : null;
  const openViewer = (block: Block) => setOpenBlock(block);
  const switchView = (next: ViewMode) => {
    setView(next);
    setTerm("");
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
      <SideBar
        uncategorizedCount={blocks.data?.uncategorizedCount ?? 0}
        uncontabilizedCount={blocks.data?.uncontabilizedCount ?? 0}
        contabilizing={busy.data?.contabilizing ?? null}
        isResponsable={card.data?.isResponsable ?? false}
        onChoose={setChoice}
        onRemove={() => setRemoving(true)}
      />
      <main className="grid min-w-0 flex-1 grid-cols-1 gap-2 p-2 lg:grid-cols-[minmax(0,1fr)_340px] xl:grid-cols-[minmax(0,1fr)_380px]">
        <section aria-labelledby="client-title" className="flex min-w-0 flex-col gap-1.5 rounded-theme border border-border bg-surface p-2">
          <div className="flex items-center gap-1">
            <button
              type="button"
              aria-label={t.back}
              title={t.back}
              onClick={() => router.push("/home")}
              className="grid size-5 shrink-0 cursor-pointer place-items-center rounded-theme hover:bg-surface-2"
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" className="size-2.5" fill="none" stroke="currentColor" strokeWidth="2.2">
                <path d="M15 6l-6 6 6 6" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
            <h1 id="client-title" className="min-w-0 flex-1">
              <button
                type="button"
                onClick={() => setInfoOpen(true)}
                title={t.openInfo(name)}
                aria-haspopup="dialog"
                className="flex max-w-full cursor-pointer items-center gap-1 rounded-theme pr-1 text-left hover:bg-surface-2"
              >
                <Avatar name={name} pictureUrl={pictureUrl} className="size-5" />
                <span className="truncate text-xl font-bold">{name}</span>
              </button>
            </h1>
          </div>
          {busyOperator ? (
            <p role="status" className="flex items-center gap-1 rounded-theme bg-status-pendency/10 px-1 py-0.5 text-sm">
              <Avatar name={busyOperator.name} pictureUrl={busyOperator.pictureUrl} className="size-3 text-[10px]" />
              {t.busy(busyOperator.name)}
            </p>
          ) : null}
          <div className="grid grid-cols-2 gap-1 sm:grid-cols-[140px_110px_minmax(0,1fr)]">
            <SelectField label={t.month} options={monthOptions} value={month} onValueChange={(value) => setMonth(Number(value))} />
            <SelectField label={t.year} options={years} value={year} onValueChange={(value) => setYear(Number(value))} />
            <div className="col-span-2 flex flex-col justify-end sm:col-span-1">
              <SearchField placeholder={view === "accounts" ? t.searchAccounts : t.searchValue} value={term} onValueChange={setTerm} />
            </div>
          </div>
          <div role="group" aria-label={t.viewToggle} className="grid grid-cols-2 rounded-theme border border-border p-0.5 sm:flex sm:w-fit">
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
          <h2 className="text-sm font-semibold text-muted">{view === "accounts" ? t.accountsOf(period) : t.blocksOf(period)}</h2>
          <div className="min-h-[200px]">
            {loading ? (
              showSpinner ? (
                <p role="status" className="flex items-center gap-1 py-2 text-sm text-muted">
                  <Spinner /> {messages.common.loading}
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
                <AccountRows key={`${year}-${month}`} rows={shownRows} onOpen={openViewer} />
              )
            ) : shownBlocks.length === 0 ? (
              <p className="py-2 text-sm text-muted">{t.noBlocks}</p>
            ) : (
              <BlockGrid blocks={shownBlocks} onOpen={openViewer} />
            )}
          </div>
        </section>
        <PendenciesPanel clientId={client.id} initialYear={now.year} initialMonth={now.month} />
      </main>
      <SideDrawers clientId={client.id} clientName={name} choice={choice} onClose={() => setChoice("none")} />
      <RemoveClientDialog clientId={client.id} open={removing} onOpenChange={setRemoving} />
      <ClientInfoDialog clientId={client.id} open={infoOpen} onOpenChange={setInfoOpen} />
      <BlockViewer clientId={client.id} block={viewed} onClose={() => setOpenBlock(null)} readOnly={busyOperator !== null} />
    </div>
  );
}
