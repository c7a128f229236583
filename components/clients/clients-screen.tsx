"use client";

import { Building2, Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useClients, type ClientCard as Card } from "@/lib/api/clients";
import { selectClient } from "@/lib/client-selection";
import { CLIENT_GRID_MIN_COLUMN_PX } from "@/lib/constants";
import { clientsMessages } from "@/lib/i18n/sections/clients";
import { Button } from "@/components/ui/button";
import { SearchField } from "@/components/ui/search-field";
import { Spinner } from "@/components/ui/spinner";
import { useDelayed } from "@/components/ui/use-delayed";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { AppShell } from "@/components/app-shell/app-shell";
import { ChartOffer } from "@/components/chart/chart-offer";
import { ClientCard } from "./client-card";
import type { AddClientDrawerProps } from "./add-client-drawer";
import { matchesFirst, matchingIds } from "./client-list-rules";

// Fetched on the first 'Adicionar Cliente', not with the list (a Radix dialog and the invite form).
const AddClientDrawer = lazyWhenOpen<AddClientDrawerProps>(
  () => import("./add-client-drawer").then((module) => module.AddClientDrawer),
  (props) => props.open,
  (props) => props.onOpenChange(false),
);

const t = clientsMessages;

// Columns at least CLIENT_GRID_MIN_COLUMN_PX wide (spec §9), one column when the screen is narrower.
const gridStyle = { gridTemplateColumns: `repeat(auto-fill, minmax(min(${CLIENT_GRID_MIN_COLUMN_PX}px, 100%), 1fr))` };

const PlusIcon = () => <Plus aria-hidden="true" className="size-2" strokeWidth={2.4} />;

/** /home of the accounting platform: 'Clientes' (spec §2 "Accounting: client list"). */
export function ClientsScreen() {
  const router = useRouter();
  const clients = useClients();
  const [term, setTerm] = useState("");
  const [adding, setAdding] = useState(false);
  const showLoading = useDelayed(clients.isPending);

  const cards = clients.data;
  const matching = useMemo(() => matchingIds(cards ?? [], term), [cards, term]);

  function open(card: Card) {
    selectClient({ id: card.id, name: card.name, logoUrl: card.pictureUrl });
    router.push("/home/client");
  }

  const hasClients = Boolean(cards && cards.length > 0);
  return (
    <AppShell>
      <main className="mx-auto flex w-full max-w-[1440px] flex-1 flex-col gap-2 px-2 py-3 sm:px-4">
        <div className="flex flex-col gap-1.5 md:flex-row md:items-center md:justify-between">
          <div className="flex items-baseline gap-1.5">
            <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
            {cards && hasClients ? (
              <p role="status" className="text-sm text-muted">
                {t.matches(matching.size, cards.length)}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col gap-1 sm:flex-row sm:items-center">
            {hasClients ? (
              <div role="search" className="sm:w-[300px]">
                <SearchField placeholder={t.search} value={term} onValueChange={setTerm} />
              </div>
            ) : null}
            {/* A new office gets the button inside its empty state instead (one 'Adicionar Cliente' on screen). */}
            {cards?.length === 0 ? null : (
              <Button onClick={() => setAdding(true)}>
                <PlusIcon />
                {t.add}
              </Button>
            )}
          </div>
        </div>
        <ChartOffer />
        {clients.isError && !cards ? (
          <div
            role="alert"
            className={
              "flex flex-col items-start gap-1.5 rounded-theme border border-danger/40" +
              " bg-danger-soft p-2 text-danger"
            }
          >
            <p>{clients.error.message}</p>
            <Button variant="secondary" onClick={() => void clients.refetch()}>
              {t.retry}
            </Button>
          </div>
        ) : !cards ? (
          showLoading ? (
            <div aria-busy="true" className="flex flex-col gap-1.5">
              <p role="status" className="flex items-center gap-1 text-sm text-muted">
                <Spinner className="text-primary" />
                {t.loading}
              </p>
              <ul className="grid gap-2" style={gridStyle} aria-hidden="true">
                {[0, 1, 2, 3, 4, 5].map((index) => (
                  <li key={index} className="h-[112px] animate-pulse rounded-theme border border-border bg-surface-2" />
                ))}
              </ul>
            </div>
          ) : null
        ) : cards.length === 0 ? (
          <EmptyState onAdd={() => setAdding(true)} />
        ) : (
          <>
            {matching.size === 0 ? <p className="text-sm text-muted">{t.noMatch}</p> : null}
            <ul aria-label={t.title} className="grid gap-2" style={gridStyle}>
              {matchesFirst(cards, matching).map((card) => (
                <ClientCard key={card.id} card={card} matches={matching.has(card.id)} onOpen={open} />
              ))}
            </ul>
          </>
        )}
      </main>
      <AddClientDrawer open={adding} onOpenChange={setAdding} />
    </AppShell>
  );
}

/** A new office: nothing to list yet, so say what comes first (invite the first client company). */
function EmptyState({ onAdd }: { onAdd: () => void }) {
  return (
    <section
      aria-labelledby="clients-empty"
      className={
        "mx-auto mt-4 flex max-w-[560px] flex-col items-center gap-1.5 rounded-theme border" +
        " border-dashed border-border-strong bg-surface p-4 text-center"
      }
    >
      <span className="grid size-8 place-items-center rounded-full bg-primary-soft text-primary" aria-hidden="true">
        <Building2 className="size-4" strokeWidth={1.8} />
      </span>
      <h2 id="clients-empty" className="text-xl font-bold">
        {t.emptyTitle}
      </h2>
      <p className="text-muted">{t.emptyText}</p>
      <Button size="lg" onClick={onAdd} className="mt-1">
        <PlusIcon />
        {t.add}
      </Button>
    </section>
  );
}
