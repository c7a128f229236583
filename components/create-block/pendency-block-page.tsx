"use client";

import { useCallback, useState } from "react";
import { usePendencyPresence, useSkipPendency, useSolvePendency, useToSolve } from "@/lib/api/block-sender";
import { ApiError } from "@/lib/api/client";
import type { PendencyToSolve } from "@/lib/contract/business";
import { businessConfirmMessages } from "@/lib/i18n/sections/businessConfirm";
import { businessPanelMessages } from "@/lib/i18n/sections/businessPanel";
import { commonMessages } from "@/lib/i18n/sections/common";
import { ID_MAX } from "@/lib/constants";
import { BusinessFrame } from "@/components/business/business-frame";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { Spinner } from "@/components/ui/spinner";
import { useDelayed } from "@/components/ui/use-delayed";
import { BlockComposer } from "./block-composer";
import { hideSkipConfirmation, skipConfirmationHidden } from "./not-show-again";
import { PendencyCard, ScreenPresence } from "./pendency-card";
import { PendencyList } from "./pendency-list";
import { fromPendency, hasChanges, solveBody, type Selection } from "./selection";
import type { SkipDialogProps } from "./skip-dialog";
import type { SelectionUpdate } from "./use-image-intake";

// The skip confirmation is a dialog (Radix): fetched on its first open, not with the page.
const SkipDialog = lazyWhenOpen<SkipDialogProps>(
  () => import("./skip-dialog").then((module) => module.SkipDialog),
  (props) => props.open,
  (props) => props.onOpenChange(false),
);

const t = businessPanelMessages;

/** An id of the address: `?pendencia=<id>` (an e-mail's link) or `?bloco=<id>` (a WhatsApp message's), or null. */
function linkedId(name: "pendencia" | "bloco"): number | null {
  if (typeof window === "undefined") return null;
  const value = new URLSearchParams(window.location.search).get(name) ?? "";
  const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
  return id <= ID_MAX ? id : null;
}

/**
 * /pendencyblock 'Blocos com pendencia' (spec §2, §4): the head of the company's pendency queue in the
 * shared panel; the operators on this screen and the open count, polled while it is open.
 */
export function PendencyBlockPage() {
  const presence = usePendencyPresence();
  // The pendency chosen in the list; null: the head of the queue (Proximo and a solve go back to it).
  // An e-mailed link (/pendencyblock?pendencia=<id>) opens that pendency; not open any more: the head.
  const [chosen, setChosen] = useState<number | null>(() => linkedId("pendencia"));
  // A linked block's open pendency is shown until the person chooses, solves or skips (then it is let go).
  const [linkedBlock, setLinkedBlock] = useState<number | null>(() => (chosen === null ? linkedId("bloco") : null));
  const toSolve = useToSolve(chosen, linkedBlock);
  const choose = (id: number | null) => {
    setLinkedBlock(null);
    setChosen(id);
  };
  const [notice, setNotice] = useState<Notice | null>(null);
  const queue = toSolve.data?.queue ?? [];
  const count = presence.data?.pendencyNumber ?? toSolve.data?.pendencyNumber;
  const showSpinner = useDelayed(toSolve.isPending);
  const pendency = toSolve.data?.pendency ?? null;

  return (
    <BusinessFrame
      title={t.pendencyTitle}
      pendencyCount={count}
      actions={<ScreenPresence operators={presence.data?.operators ?? []} count={count} />}
    >
      <div aria-live="polite" className="empty:hidden">
        {notice ? (
          <p
            className={cn(
              "rounded-theme px-1.5 py-1 text-sm font-semibold",
              notice.tone === "done" ? "bg-primary-soft text-primary" : "bg-danger-soft text-danger",
            )}
          >
            {notice.text}
          </p>
        ) : null}
      </div>
      {toSolve.isPending ? (
        showSpinner ? (
          <p role="status" className="flex items-center gap-1 py-2 text-sm text-muted">
            <Spinner /> {commonMessages.loading}
          </p>
        ) : null
      ) : toSolve.isError ? (
        <div role="alert" className="flex flex-col items-start gap-1 py-1 text-sm text-danger">
          <p>{t.pendencyError}</p>
          <Button variant="secondary" className="h-5.5" onClick={() => void toSolve.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : pendency === null ? (
        <p className="rounded-theme border border-border bg-surface px-2 py-4 text-center text-muted">
          {t.noPendencies}
        </p>
      ) : (
        <>
          {queue.length > 1 ? (
            <PendencyList
              queue={queue}
              current={pendency.id}
              disabled={toSolve.isFetching}
              onChoose={(id) => {
                setNotice(null);
                choose(id);
              }}
            />
          ) : null}
          <PendencyPanel
            key={pendency.id}
            pendency={pendency}
            onSolved={() => {
              choose(null);
              setNotice({ text: t.solved, tone: "done" });
            }}
            onSkipped={() => {
              choose(null);
              setNotice(null);
            }}
            onGone={(text) => {
              setNotice({ text, tone: "error" });
              void toSolve.refetch();
            }}
          />
        </>
      )}
    </BusinessFrame>
  );
}

type Notice = { text: string; tone: "done" | "error" };

type PendencyPanelProps = {
  pendency: PendencyToSolve;
  onSolved: () => void;
  onSkipped: () => void;
  /** Someone else solved it (or its block left): the page says so and loads the next head. */
  onGone: (message: string) => void;
};

/** One pendency: its documents fill the strip; removed ones go in removedDocuments. Keyed by the pendency. */
function PendencyPanel({ pendency, onSolved, onSkipped, onGone }: PendencyPanelProps) {
  const [selection, setSelection] = useState<Selection>(() => fromPendency(pendency));
  const [confirmSolve, setConfirmSolve] = useState(false);
  const [confirmSkip, setConfirmSkip] = useState(false);
  // Solved: the panel waits, locked, for the next pendency to replace it.
  const [solved, setSolved] = useState(false);
  const solver = useSolvePendency();
  const skip = useSkipPendency();
  const update: SelectionUpdate = useCallback((change) => setSelection(change), []);

  const solve = () => {
    setConfirmSolve(false);
    solver.mutate(solveBody(selection, pendency.id), {
      onSuccess: () => {
        setSolved(true);
        onSolved();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) onGone(error.message);
      },
    });
  };
  const onSend = () => (hasChanges(selection) ? solve() : setConfirmSolve(true));
  const next = () => skip.mutate(pendency.id, { onSuccess: onSkipped });
  const onNext = () => (skipConfirmationHidden() ? next() : setConfirmSkip(true));
  const confirmNext = (notShowAgain: boolean) => {
    if (notShowAgain) hideSkipConfirmation();
    setConfirmSkip(false);
    next();
  };
  const busy = solver.isPending || solved;

  return (
    <>
      <BlockComposer
        selection={selection}
        update={update}
        aside={
          <PendencyCard
            pendency={pendency}
            onNext={onNext}
            nextBusy={skip.isPending}
            locked={busy}
            error={skip.error?.message ?? null}
          />
        }
        send={{
          label: t.solve,
          onSend,
          busy,
          upload: solver.upload,
          error: solver.error?.message ?? null,
          notice: null,
          offline: solver.isPaused,
        }}
      />
      <ConfirmDialog
        open={confirmSolve}
        onOpenChange={setConfirmSolve}
        text={businessConfirmMessages.solveWithoutChanges}
        onConfirm={solve}
      />
      <SkipDialog open={confirmSkip} onOpenChange={setConfirmSkip} onConfirm={confirmNext} />
    </>
  );
}
