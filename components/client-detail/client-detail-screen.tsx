"use client";

import { useRouter } from "next/navigation";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useClientBusy, useClientCard, usePeriodAccounts, usePeriodBlocks } from "@/lib/api/client-detail";
import { clearSelectedClient, useSelectedClient, type SelectedClient } from "@/lib/client-selection";
import type { Block } from "@/lib/contract/blocks";
import { currentYearMonth } from "@/lib/format/dates";
import { clientDetailMessages } from "@/lib/i18n/sections/clientDetail";
import type { BlockViewerProps } from "@/components/blocks/block-viewer";
import type { ClientInfoDialogProps } from "@/components/clients/client-info-dialog";
import { AppShell } from "@/components/app-shell/app-shell";
import { Avatar } from "@/components/ui/avatar";
import { ScreenHeader } from "@/components/ui/screen-header";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { Splash } from "@/components/ui/splash";
import { periodBlocks } from "./month-view";
import { PeriodBlocks } from "./period-blocks";
import type { RemoveClientDialogProps } from "./remove-client";
import { SideBar, type SideDrawerChoice } from "./side-bar";
import type { SideDrawersProps } from "./side-drawers";

// The pendencies panel (its own list, filters and dialog) comes after the month's blocks: fetched just
// after the page, not with it.
const PendenciesPanel = lazy(() =>
  import("./pendencies-panel").then((module) => ({ default: module.PendenciesPanel })),
);
// The side bar's drawers (accounts plan, sharing, transfer) are fetched when one is first chosen.
const SideDrawers = lazyWhenOpen<SideDrawersProps>(
  () => import("./side-drawers").then((module) => module.SideDrawers),
  (props) => props.choice !== "none",
  (props) => props.onClose(),
);
// The viewer and the client's data are dialogs: fetched on their first open, not with the page.
const BlockViewer = lazyWhenOpen<BlockViewerProps>(
  () => import("@/components/blocks/block-viewer").then((module) => module.BlockViewer),
  (props) => props.block !== null,
  (props) => props.onClose(),
);
const ClientInfoDialog = lazyWhenOpen<ClientInfoDialogProps>(
  () => import("@/components/clients/client-info-dialog").then((module) => module.ClientInfoDialog),
  (props) => props.open,
  (props) => props.onOpenChange(false),
);
// 'Excluir cliente' too (with the client actions' API module).
const RemoveClientDialog = lazyWhenOpen<RemoveClientDialogProps>(
  () => import("./remove-client").then((module) => module.RemoveClientDialog),
  (props) => props.open,
  (props) => props.onOpenChange(false),
);

const t = clientDetailMessages;

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

  // The open block follows the list: a save elsewhere brings its new version and fields.
  const byAccount = useMemo(() => periodBlocks(blocks.data?.blocks, year, month), [blocks.data, year, month]);
  const viewed = openBlock
    ? ([...byAccount.values()].flat().find((block) => block.id === openBlock.id) ?? openBlock)
    : null;

  return (
    <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
      <SideBar
        client={client}
        uncategorizedCount={blocks.data?.uncategorizedCount ?? 0}
        uncontabilizedCount={blocks.data?.uncontabilizedCount ?? 0}
        contabilizing={busy.data?.contabilizing ?? null}
        isResponsable={card.data?.isResponsable ?? false}
        onChoose={setChoice}
        onRemove={() => setRemoving(true)}
      />
      <main
        className={
          "grid min-w-0 flex-1 grid-cols-1 gap-2 p-2 lg:grid-cols-[minmax(0,1fr)_340px]" +
          " xl:grid-cols-[minmax(0,1fr)_380px]"
        }
      >
        <section
          aria-labelledby="client-title"
          className="flex min-w-0 flex-col gap-1.5 rounded-theme border border-border bg-surface p-2"
        >
          <ScreenHeader
            backLabel={t.back}
            onBack={() => router.push("/home")}
            client={{ name, pictureUrl }}
            headingId="client-title"
            onClientAction={() => setInfoOpen(true)}
            clientActionLabel={t.openInfo(name)}
          />
          {busyOperator ? (
            <p
              role="status"
              className="flex items-center gap-1 rounded-theme bg-status-pendency/10 px-1 py-0.5 text-sm"
            >
              <Avatar name={busyOperator.name} pictureUrl={busyOperator.pictureUrl} className="size-3 text-[10px]" />
              {t.busy(busyOperator.name)}
            </p>
          ) : null}
          <PeriodBlocks
            year={year}
            month={month}
            onYearChange={setYear}
            onMonthChange={setMonth}
            accounts={accounts}
            blocks={blocks}
            onOpen={setOpenBlock}
          />
        </section>
        <Suspense fallback={null}>
          <PendenciesPanel clientId={client.id} initialYear={now.year} initialMonth={now.month} />
        </Suspense>
      </main>
      <SideDrawers clientId={client.id} clientName={name} choice={choice} onClose={() => setChoice("none")} />
      <RemoveClientDialog clientId={client.id} clientName={name} open={removing} onOpenChange={setRemoving} />
      <ClientInfoDialog clientId={client.id} open={infoOpen} onOpenChange={setInfoOpen} />
      <BlockViewer
        clientId={client.id}
        block={viewed}
        onClose={() => setOpenBlock(null)}
        readOnly={busyOperator !== null ? "busy" : false}
      />
    </div>
  );
}
