"use client";

import { ChevronLeft, Plus, X } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { isOfferable } from "@/lib/api/chart";
import { useChartAccounts, useClientPlan, useToggleAccount } from "@/lib/api/client-actions";
import type { ChartAccount } from "@/lib/contract/accounts";
import { currentYearMonth, formatDate, monthNames } from "@/lib/format/dates";
import { matchesAccount } from "@/lib/format/search";
import { chartActivateMessages } from "@/lib/i18n/sections/chart";
import { clientActionsMessages } from "@/lib/i18n/sections/clientActions";
import { AppDrawer } from "@/components/shell/app-drawer";
import { cn } from "@/components/ui/cn";
import { SearchField } from "@/components/ui/search-field";
import { Spinner } from "@/components/ui/spinner";
import { useDelayed } from "@/components/ui/use-delayed";
import { AddAccountsList } from "./add-accounts-list";

const SMALL = { "aria-hidden": true, className: "size-2" } as const;
const LARGE = { "aria-hidden": true, className: "size-2.5", strokeWidth: 2.2 } as const;

const t = clientActionsMessages;
type View = "active" | "add";
type Row = { id: number; code: string; description: string; date?: string | null; reducedCode?: string | null };

const byCode = (a: Row, b: Row) => a.code.localeCompare(b.code, "pt-BR", { numeric: true });

/** The accounts help (spec §2 "Accounts help tooltip"): a '?' that shows and hides the rules below the header. */
function HelpButton({ open, onToggle, panelId }: { open: boolean; onToggle: () => void; panelId: string }) {
  return (
    <button
      type="button"
      aria-label={t.helpLabel}
      title={t.helpLabel}
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
      className={cn(
        "grid size-3 cursor-pointer place-items-center rounded-full border text-xs font-bold",
        open
          ? "border-primary bg-primary text-primary-fg"
          : "border-border-strong text-muted hover:bg-surface-2 hover:text-fg",
      )}
    >
      ?
    </button>
  );
}

function AccountList({
  label,
  rows,
  action,
  busyId,
  onAction,
  empty,
}: {
  label: string;
  rows: Row[];
  action: "add" | "remove";
  busyId: number | null;
  onAction: (row: Row) => void;
  empty: string;
}) {
  if (rows.length === 0) return <p className="py-1 text-sm text-muted">{empty}</p>;
  return (
    <ul aria-label={label} className="flex flex-col gap-0.5">
      {rows.map((row) => {
        const name = `${row.code} - ${row.description}`;
        return (
          <li
            key={row.id}
            data-testid="account-item"
            className="flex items-center gap-1 rounded-theme bg-surface-2 py-0.5 pr-0.5 pl-1.25 text-sm"
          >
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate">
                <span className="font-semibold tabular-nums">{row.code}</span> - {row.description}
              </span>
              {row.date || row.reducedCode ? (
                <span className="text-xs text-muted">
                  {[
                    row.date ? t.activeSince(formatDate(row.date)) : null,
                    row.reducedCode ? chartActivateMessages.reducedCode(row.reducedCode) : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              ) : null}
            </span>
            <button
              type="button"
              aria-label={action === "add" ? t.addAccount(name) : t.removeAccount(name)}
              title={action === "add" ? t.addAccount(name) : t.removeAccount(name)}
              disabled={busyId !== null}
              onClick={() => onAction(row)}
              className={cn(
                "grid size-4 shrink-0 cursor-pointer place-items-center rounded-theme text-muted disabled:cursor-wait",
                action === "add"
                  ? "hover:bg-primary-soft hover:text-primary"
                  : "hover:bg-danger-soft hover:text-danger",
              )}
            >
              {busyId === row.id ? <Spinner /> : action === "add" ? <Plus {...SMALL} /> : <X {...SMALL} />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

type AccountsDrawerProps = { clientId: number; clientName: string; open: boolean; onClose: () => void };

/**
 * 'Gerenciar contas' (spec §2 drawers, §4 Accounts): 'Gerenciar plano de Contas' lists the 'Contas ativas'
 * of this month ('Buscar conta ativa'); its plus button switches to 'Adicionar contas', the chart of the
 * year ('Buscar conta') minus the active ones under 'Resultados da busca'. Changes apply from this month on.
 */
export function AccountsDrawer({ clientId, clientName, open, onClose }: AccountsDrawerProps) {
  // The month a change applies from: this month in São Paulo, the month of the activation instant
  // `account/change` writes (server/accounts/month-plan.ts), and the month the page's selects show.
  const { year, month } = currentYearMonth();
  const [view, setView] = useState<View>("active");
  const [term, setTerm] = useState("");
  const [helpOpen, setHelpOpen] = useState(false);
  const helpId = useId();
  const chart = useChartAccounts(year, open);
  const plan = useClientPlan(clientId, year, month, open);
  const toggle = useToggleAccount(clientId, year, month);
  // The account being changed, read from the mutation itself: a per-call onSettled never runs once the
  // drawer's close or view switch has reset the mutation, and a busy id kept apart stayed set for good
  // (every button disabled until a reload).
  const busyId = toggle.isPending ? (toggle.variables ?? null) : null;
  const loading = useDelayed(!chart.data || !plan.data);

  const active = useMemo(() => (plan.data ?? []).filter((account) => account.activated).sort(byCode), [plan.data]);
  // Offered: the year's active analytic accounts not yet active for the client (never an inactive or a group).
  const results = useMemo(() => {
    const activeIds = new Set(active.map((account) => account.id));
    return (chart.data ?? [])
      .filter((account: ChartAccount) => isOfferable(account) && !activeIds.has(account.id))
      .sort(byCode);
  }, [chart.data, active]);
  const shownActive = active.filter((row) => matchesAccount(row, term));
  const shownResults = results.filter((row) => matchesAccount(row, term));

  const switchView = (next: View) => (setView(next), setTerm(""), toggle.reset());
  const onAction = (row: Row) => toggle.mutate(row.id);
  const close = () => (onClose(), setView("active"), setTerm(""), setHelpOpen(false), toggle.reset());
  const ready = chart.data && plan.data;

  return (
    <AppDrawer
      open={open}
      onOpenChange={(next) => next || close()}
      title={view === "active" ? t.manageTitle : t.addTitle}
      search={
        <SearchField
          placeholder={view === "active" ? t.searchActive : t.searchAll}
          value={term}
          onValueChange={setTerm}
        />
      }
    >
      <div className="flex flex-col gap-1.5">
        <p data-testid="drawer-client" className="truncate text-sm font-semibold">
          {clientName}
        </p>
        <div className="flex items-center justify-between gap-1">
          <h3 className="flex items-center gap-1 text-lg font-bold">
            {view === "active" ? t.activeList : t.results}
            <HelpButton open={helpOpen} onToggle={() => setHelpOpen(!helpOpen)} panelId={helpId} />
          </h3>
          <button
            type="button"
            aria-label={view === "active" ? t.addTitle : t.backToActive}
            title={view === "active" ? t.addTitle : t.backToActive}
            onClick={() => switchView(view === "active" ? "add" : "active")}
            className={
              "grid size-4 cursor-pointer place-items-center rounded-theme bg-primary-soft" +
              " text-primary hover:bg-primary hover:text-primary-fg"
            }
          >
            {view === "active" ? <Plus {...LARGE} /> : <ChevronLeft {...LARGE} />}
          </button>
        </div>
        <p
          id={helpId}
          role="note"
          hidden={!helpOpen}
          className="rounded-theme border border-border bg-surface-2 p-1.25 text-sm leading-relaxed text-fg"
        >
          {t.help}
        </p>
        <p className="text-xs text-muted">{t.fromMonth(monthNames[month - 1].toLowerCase(), year)}</p>
        {toggle.isError ? (
          <p role="alert" className="text-sm text-danger">
            {toggle.error.message}
          </p>
        ) : null}
        {!ready ? (
          loading ? (
            <Spinner className="mx-auto my-2 text-primary" />
          ) : null
        ) : view === "active" ? (
          <AccountList
            label={t.activeList}
            rows={shownActive}
            action="remove"
            busyId={busyId}
            onAction={onAction}
            empty={active.length === 0 ? t.noActive : t.noResults}
          />
        ) : (
          <AddAccountsList
            clientId={clientId}
            year={year}
            month={month}
            rows={shownResults}
            all={results}
            busyId={busyId}
            onAdd={onAction}
          />
        )}
      </div>
    </AppDrawer>
  );
}
