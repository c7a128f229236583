"use client";

import { useId, useState, type JSX } from "react";
import { useClientHistory, type ClientHistoryFilters, type HistoryKind } from "@/lib/api/history";
import { useOperators } from "@/lib/api/operators";
import { historyKinds } from "@/lib/contract/history";
import { historyMessages } from "@/lib/i18n/sections/history";
import { AppDrawer } from "@/components/shell/app-drawer";
import { HistoryEntryView } from "@/components/blocks/history-entry";
import { RetentionHold } from "@/components/privacy/retention-hold";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { Spinner } from "@/components/ui/spinner";
import { useDelayed } from "@/components/ui/use-delayed";

const t = historyMessages;

type HistoryDrawerProps = { clientId: number; clientName: string; open: boolean; onClose: () => void };

const NO_FILTERS: ClientHistoryFilters = { kind: null, operatorId: null, from: null, to: null };
const ANY = "";

type DateFieldProps = {
  label: string;
  value: string | null;
  min?: string | null;
  max?: string | null;
  onValueChange: (value: string | null) => void;
};

/** A labelled native date input, styled as the filters' selects (the browser's own calendar and keys). */
function DateField({ label, value, min, max, onValueChange }: DateFieldProps): JSX.Element {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <label htmlFor={id} className="text-xs font-semibold text-muted">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value ?? ""}
        min={min ?? undefined}
        max={max ?? undefined}
        onChange={(event) => onValueChange(event.target.value || null)}
        className={
          "h-5 w-full min-w-0 rounded-theme border border-border bg-surface px-1 text-sm text-fg" +
          " focus:border-primary focus:outline-2 focus:outline-primary/30"
        }
      />
    </div>
  );
}

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
      <DateField label={t.from} value={filters.from} max={filters.to} onValueChange={(value) => set({ from: value })} />
      <DateField label={t.to} value={filters.to} min={filters.from} onValueChange={(value) => set({ to: value })} />
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
        <RetentionHold clientId={clientId} enabled={open} />
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
