"use client";

import { useState, type JSX } from "react";
import { useClientHistory, type ClientHistoryFilters, type HistoryKind } from "@/lib/api/history";
import { useOperators } from "@/lib/api/operators";
import { historyKinds } from "@/lib/contract/history";
import { historyMessages } from "@/lib/i18n/sections/history";
import { AppDrawer } from "@/components/shell/app-drawer";
import { HistoryEntryView } from "@/components/blocks/history-entry";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { Spinner } from "@/components/ui/spinner";
import { useDelayed } from "@/components/ui/use-delayed";

const t = historyMessages;

type HistoryDrawerProps = { clientId: number; clientName: string; open: boolean; onClose: () => void };

const NO_FILTERS: ClientHistoryFilters = { kind: null, operatorId: null, from: null, to: null };
const ANY = "";

/**
 * 'Histórico do cliente': everything that happened to the client's blocks, newest first, filtered by
 * operator, kind and period (São Paulo days, both included), 50 at a time with 'Carregar mais'.
 */
export function HistoryDrawer({ clientId, clientName, open, onClose }: HistoryDrawerProps): JSX.Element {
  const [filters, setFilters] = useState<ClientHistoryFilters>(NO_FILTERS);
  const history = useClientHistory(clientId, filters, open);
  const operators = useOperators("accounting", open);
  const loading = useDelayed(history.isPending);
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.values(filters).some((value) => value !== null);
  const set = (patch: Partial<ClientHistoryFilters>) => setFilters((now) => ({ ...now, ...patch }));

  const toolbar = (
    <fieldset className="grid grid-cols-2 gap-1 rounded-theme bg-surface-2 p-1">
      <legend className="sr-only">{t.filters}</legend>
      <SelectField
        label={t.operator}
        value={filters.operatorId ?? ANY}
        onValueChange={(value) => set({ operatorId: value === ANY ? null : Number(value) })}
        options={[
          { value: ANY, label: t.anyOperator },
          ...(operators.data ?? []).map((operator) => ({ value: operator.id, label: operator.name })),
        ]}
      />
      <SelectField
        label={t.kind}
        value={filters.kind ?? ANY}
        onValueChange={(value) => set({ kind: value === ANY ? null : (value as HistoryKind) })}
        options={[
          { value: ANY, label: t.anyKind },
          ...historyKinds.map((kind) => ({ value: kind, label: t.kinds[kind] })),
        ]}
      />
      <TextField
        compact
        type="date"
        label={t.from}
        value={filters.from ?? ""}
        max={filters.to ?? undefined}
        onValueChange={(value) => set({ from: value || null })}
      />
      <TextField
        compact
        type="date"
        label={t.to}
        value={filters.to ?? ""}
        min={filters.from ?? undefined}
        onValueChange={(value) => set({ to: value || null })}
      />
      {filtered ? (
        <Button variant="link" className="col-span-2 justify-self-start" onClick={() => setFilters(NO_FILTERS)}>
          {t.clear}
        </Button>
      ) : null}
    </fieldset>
  );

  return (
    <AppDrawer
      open={open}
      onOpenChange={(next) => next || (onClose(), setFilters(NO_FILTERS))}
      title={t.clientTitle}
      search={toolbar}
    >
      <div className="flex flex-col gap-1.5">
        <p data-testid="drawer-client" className="truncate text-sm font-semibold">
          {clientName}
        </p>
        {history.isError ? (
          <div role="alert" className="flex flex-col items-start gap-1 text-sm text-danger">
            {history.error.message || t.failed}
            <Button variant="secondary" onClick={() => history.refetch()}>
              {t.retry}
            </Button>
          </div>
        ) : history.isPending ? (
          loading ? (
            <Spinner className="mx-auto my-2 text-primary" />
          ) : null
        ) : items.length === 0 ? (
          <p className="text-sm text-muted">{filtered ? t.emptyFiltered : t.empty}</p>
        ) : (
          <>
            {/* Focusable: the drawer's scrolling list is read with the keyboard too (arrows, Page Down). */}
            <ol
              aria-label={t.clientTitle}
              tabIndex={0}
              className="flex flex-col gap-1 rounded-theme focus-visible:outline-2 focus-visible:outline-primary"
            >
              {items.map((item, index) => (
                <li
                  key={`${item.kind}-${item.blockId}-${item.at}-${index}`}
                  data-testid="history-item"
                  className="rounded-theme border border-border p-1"
                >
                  <HistoryEntryView
                    entry={item}
                    extra={<span className="text-xs text-muted">{t.block(item.blockId)}</span>}
                  />
                </li>
              ))}
            </ol>
            {history.hasNextPage ? (
              <Button
                variant="secondary"
                className="self-center"
                loading={history.isFetchingNextPage}
                onClick={() => history.fetchNextPage()}
              >
                {t.loadMore}
              </Button>
            ) : null}
          </>
        )}
      </div>
    </AppDrawer>
  );
}
