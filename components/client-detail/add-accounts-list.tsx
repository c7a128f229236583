"use client";

import { Plus } from "lucide-react";
import { useState } from "react";
import { useActivateAccounts } from "@/lib/api/chart-activate";
import type { ChartAccount } from "@/lib/contract/accounts";
import { monthNames } from "@/lib/format/dates";
import { chartActivateMessages as a } from "@/lib/i18n/sections/chart";
import { clientActionsMessages as t } from "@/lib/i18n/sections/clientActions";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";

type AddAccountsListProps = {
  clientId: number;
  year: number;
  month: number;
  /** The accounts that may be added (active, analytic, not yet active for the client), as searched. */
  rows: readonly ChartAccount[];
  /** Every account that may be added, whatever the search: what 'Ativar todas' activates. */
  all: readonly ChartAccount[];
  /** The one-click add of a row, as before. */
  busyId: number | null;
  onAdd: (account: ChartAccount) => void;
};

/**
 * 'Adicionar contas' (the 'Resultados da busca'): one click adds an account, as before; the check boxes
 * and 'Ativar selecionadas' add many at once; 'Ativar todas', after a confirmation, every account offered.
 */
export function AddAccountsList({ clientId, year, month, rows, all, busyId, onAdd }: AddAccountsListProps) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const activate = useActivateAccounts(clientId);
  // Only what is still offered counts (an account activated meanwhile leaves the list and the selection).
  const offered = new Set(all.map((account) => account.id));
  const chosen = [...selected].filter((id) => offered.has(id));
  const busy = activate.isPending || busyId !== null;

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const run = (ids: number[]) => {
    setDone(null);
    activate.mutate(ids, {
      onSuccess: (activated) => (setSelected(new Set()), setDone(a.activated(activated.length))),
      // the confirmation goes either way: a refusal shows in place, above the list
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-1">
        <Button
          variant="secondary"
          disabled={all.length === 0 || busy}
          onClick={() => (activate.reset(), setConfirming(true))}
        >
          {a.activateAll}
        </Button>
        <Button
          disabled={chosen.length === 0 || busy}
          loading={activate.isPending && !confirming}
          onClick={() => run(chosen)}
        >
          {a.activateSelected(chosen.length)}
        </Button>
      </div>
      {done ? (
        <p role="status" className="text-sm text-muted">
          {done}
        </p>
      ) : null}
      {activate.isError ? (
        <p role="alert" className="text-sm text-danger">
          {activate.error.message}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="py-1 text-sm text-muted">{t.noResults}</p>
      ) : (
        <ul aria-label={t.results} className="flex flex-col gap-0.5">
          {rows.map((row) => {
            const name = `${row.code} - ${row.description}`;
            return (
              <li
                key={row.id}
                data-testid="account-item"
                className="flex items-center gap-1 rounded-theme bg-surface-2 py-0.5 pr-0.5 pl-1 text-sm"
              >
                <input
                  type="checkbox"
                  aria-label={a.select(name)}
                  checked={selected.has(row.id)}
                  disabled={busy}
                  onChange={() => toggle(row.id)}
                  className="size-2.25 shrink-0 cursor-pointer accent-primary"
                />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate">
                    <span className="font-semibold tabular-nums">{row.code}</span> - {row.description}
                  </span>
                  {row.reducedCode ? (
                    <span className="text-xs text-muted">{a.reducedCode(row.reducedCode)}</span>
                  ) : null}
                </span>
                <button
                  type="button"
                  aria-label={t.addAccount(name)}
                  title={t.addAccount(name)}
                  disabled={busy}
                  onClick={() => onAdd(row)}
                  className={cn(
                    "grid size-4 shrink-0 cursor-pointer place-items-center rounded-theme text-muted" +
                      " hover:bg-primary-soft hover:text-primary disabled:cursor-wait",
                  )}
                >
                  {busyId === row.id ? <Spinner /> : <Plus aria-hidden="true" className="size-2" />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        text={a.confirmAll(all.length, monthNames[month - 1].toLowerCase(), year)}
        loading={activate.isPending}
        onConfirm={() => run(all.map((account) => account.id))}
      />
    </div>
  );
}
