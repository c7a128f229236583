"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { leaseHolder, useContabilizationLease, useContabilize } from "@/lib/api/contabilization";
import { clearSelectedClient, useSelectedClient, type SelectedClient } from "@/lib/client-selection";
import type { Block } from "@/lib/contract/blocks";
import type { ContabilizationMonth } from "@/lib/contract/contabilization";
import { currentYearMonth } from "@/lib/format/dates";
import { commonMessages } from "@/lib/i18n/sections/common";
import { contabilizationDeskMessages } from "@/lib/i18n/sections/contabilizationDesk";
import type { BlockViewerProps } from "@/components/blocks/block-viewer";
import { AppShell } from "@/components/app-shell/app-shell";
import { ScreenHeader } from "@/components/ui/screen-header";
import { Button } from "@/components/ui/button";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { SelectField } from "@/components/ui/select-field";
import { Spinner } from "@/components/ui/spinner";
import { Splash } from "@/components/ui/splash";
import { useDelayed } from "@/components/ui/use-delayed";
import { AccountList } from "./account-list";
import { HeldNotice } from "./held-notice";
import { HistoryDrawer } from "./history-drawer";
import { LastContabilized } from "./last-contabilized";
import { NextBlock } from "./next-block";
import { monthOptionsFor, periodLabel, withYear, yearOptions, type Period } from "./period";
import { QrPanel } from "./qr-panel";

const t = contabilizationDeskMessages;

// The viewer is a dialog: fetched on its first open, not with the page.
const BlockViewer = lazyWhenOpen<BlockViewerProps>(
  () => import("@/components/blocks/block-viewer").then((module) => module.BlockViewer),
  (props) => props.block !== null,
  (props) => props.onClose(),
);

/** /home/client/contabilization: the tab's client (sessionStorage), or back to /home without one (spec §2). */
export function ContabilizationPage() {
  const selected = useSelectedClient();
  const router = useRouter();
  useEffect(() => {
    if (selected === null) router.replace("/home");
  }, [selected, router]);
  if (!selected) return <Splash />;
  return (
    <AppShell>
      <ContabilizationScreen key={selected.id} client={selected} />
    </AppShell>
  );
}

/**
 * What changed in the month's last contabilised blocks: a post or undo the desk did not make was the
 * phone's.
 */
const lastSignature = (data: ContabilizationMonth | undefined) => {
  if (!data) return null;
  const blocks = data.lastContabilized.map((block) => `${block.id}@${block.contabilizedDatetime ?? ""}`);
  return `${data.year}-${data.month}:${blocks.join(",")}`;
};

function ContabilizationScreen({ client }: { client: SelectedClient }) {
  const router = useRouter();
  const [period, setPeriod] = useState<Period>(() => currentYearMonth());
  const [accountId, setAccountId] = useState<number | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [viewed, setViewed] = useState<Block | null>(null);
  const nextButton = useRef<HTMLButtonElement>(null);

  const lease = useContabilizationLease(client.id, period.year, period.month);
  const contabilize = useContabilize(client.id);
  const held = leaseHolder(lease.error);
  const data =
    lease.data && lease.data.year === period.year && lease.data.month === period.month ? lease.data : undefined;

  // A client this operator lost (removed, transferred away, unshared) answers 404: back to the list.
  const lost = lease.error && "status" in lease.error && lease.error.status === 404;
  useEffect(() => {
    if (!lost) return;
    clearSelectedClient();
    router.replace("/home");
  }, [lost, router]);

  // The phone's work shows in the poll: a change of the last contabilised the desk did not make means the
  // QR was used, so the panel asks a new link (the used one is dead on the server).
  const deskSignature = useRef<string | null>(null);
  const [phoneSeen, setPhoneSeen] = useState(0);
  const signature = lastSignature(data);
  useEffect(() => {
    if (signature === null) return;
    const known = deskSignature.current;
    deskSignature.current = signature;
    if (known !== null && known.split(":")[0] === signature.split(":")[0] && known !== signature)
      setPhoneSeen((n) => n + 1);
  }, [signature]);

  const accounts = data?.accounts ?? [];
  const account = accounts.find((candidate) => candidate.id === accountId) ?? null;
  const years = useMemo(() => yearOptions(), []);
  const months = useMemo(() => monthOptionsFor(period.year), [period.year]);
  const showSpinner = useDelayed(!data && !lease.isError);

  const changePeriod = (next: Period) => {
    setPeriod(next);
    setAccountId(null); // spec §2 mobile, kept at the desk: a new month or year starts without an account
    contabilize.reset();
  };

  const nextSection = useRef<HTMLElement>(null);
  const chooseAccount = (id: number) => {
    setAccountId(id);
    contabilize.reset();
    // a phone stacks the list above the block: bring the chosen account's block into view
    if (window.matchMedia("(max-width: 1023px)").matches)
      requestAnimationFrame(() => nextSection.current?.scrollIntoView({ block: "start" }));
  };

  const post = (blockId: number, undo: boolean) =>
    contabilize.mutate(
      { blockId, undo },
      {
        onSuccess: (answer) => {
          deskSignature.current = lastSignature(answer.contabilization);
          // Undone, the block is the account's next again: Proximo takes the focus (the row is gone).
          if (undo) {
            if (answer.block.accountId !== null) setAccountId(answer.block.accountId);
            requestAnimationFrame(() => nextButton.current?.focus());
          }
        },
      },
    );

  const name = client.name;
  const header = (
    <ScreenHeader
      backLabel={t.back}
      onBack={() => router.push("/home/client")}
      client={{ name, pictureUrl: client.logoUrl }}
      title={t.title}
    />
  );

  if (held) {
    return (
      <main className="flex flex-1 flex-col gap-2 p-2">
        <section
          className={
            "mx-auto flex w-full max-w-[720px] flex-col gap-2 rounded-theme border" + " border-border bg-surface p-2"
          }
        >
          {header}
          <HeldNotice message={held.message} holder={held.holder} onBack={() => router.push("/home/client")} />
        </section>
      </main>
    );
  }

  return (
    <main className="grid min-w-0 flex-1 grid-cols-1 gap-2 p-2 lg:grid-cols-[360px_minmax(0,1fr)]">
      <section
        aria-label={t.accounts}
        className="flex min-w-0 flex-col gap-1.5 rounded-theme border border-border bg-surface p-2"
      >
        {header}
        <div className="grid grid-cols-2 gap-1">
          <SelectField
            label={t.month}
            options={months}
            value={period.month}
            onValueChange={(value) => changePeriod({ ...period, month: Number(value) })}
          />
          <SelectField
            label={t.year}
            options={years}
            value={period.year}
            onValueChange={(value) => changePeriod(withYear(period, Number(value)))}
          />
        </div>
        <h2 className="text-sm font-semibold text-muted">{t.accountsOf(periodLabel(period))}</h2>
        {data ? (
          <AccountList accounts={accounts} selectedId={accountId} onSelect={chooseAccount} />
        ) : lease.isError ? (
          <div role="alert" className="flex flex-col items-start gap-1 py-1 text-sm text-danger">
            <p>{lease.error.message || t.loadError}</p>
            <Button variant="secondary" onClick={() => void lease.refetch()}>
              {t.retry}
            </Button>
          </div>
        ) : showSpinner ? (
          <p role="status" className="flex items-center gap-1 py-2 text-sm text-muted">
            <Spinner /> {commonMessages.loading}
          </p>
        ) : null}
      </section>
      <div className="flex min-w-0 flex-col gap-2">
        <section
          ref={nextSection}
          aria-labelledby="next-block-title"
          className="scroll-mt-9 flex min-w-0 flex-col gap-1.5 rounded-theme border border-border bg-surface p-2"
        >
          {account ? (
            <NextBlock
              account={account}
              pending={contabilize.isPending}
              error={contabilize.isError ? contabilize.error.message : null}
              buttonRef={nextButton}
              onNext={(block) => post(block.id, false)}
              onView={setViewed}
              onHistory={() => setHistoryOpen(true)}
            />
          ) : (
            <>
              <h2 id="next-block-title" className="sr-only">
                {t.nextBlock}
              </h2>
              <p className="grid min-h-[160px] place-items-center text-center text-base text-muted">
                {t.chooseAccount}
              </p>
            </>
          )}
        </section>
        <LastContabilized
          blocks={data?.lastContabilized ?? []}
          accounts={accounts}
          pending={contabilize.isPending}
          onUndo={(block) => post(block.id, true)}
        />
        <QrPanel clientId={client.id} year={period.year} month={period.month} phoneSeen={phoneSeen} />
      </div>
      {account ? (
        <HistoryDrawer
          clientId={client.id}
          period={period}
          account={account}
          open={historyOpen}
          onOpenChange={setHistoryOpen}
        />
      ) : null}
      <BlockViewer clientId={client.id} block={viewed} onClose={() => setViewed(null)} readOnly="posting" />
    </main>
  );
}
