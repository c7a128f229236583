"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { useBlockSync } from "@/lib/api/categorization";
import { useSelectedClient, type SelectedClient } from "@/lib/client-selection";
import { categorizationMessages } from "@/lib/i18n/sections/categorization";
import { categorizationScreenMessages } from "@/lib/i18n/sections/categorizationScreen";
import { ICONS, iconButton, ViewerIcon } from "@/components/blocks/viewer-parts";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Spinner } from "@/components/ui/spinner";
import { Splash } from "@/components/ui/splash";
import { CategorizeBlock } from "./categorize-block";
import { HeldByOthers, Operators } from "./screen-parts";
import { useBackgroundSave } from "./use-background-save";
import { useCategorizationQueue } from "./use-categorization-queue";

const t = categorizationScreenMessages;

/** /home/client/categorization: the client of this tab (sessionStorage), or back to /home without one. */
export function CategorizationPage() {
  const selected = useSelectedClient();
  const router = useRouter();
  useEffect(() => {
    if (selected === null) router.replace("/home");
  }, [selected, router]);
  if (!selected) return <Splash />;
  return <CategorizationScreen key={selected.id} client={selected} />;
}

/**
 * The categorization screen (spec §2): full screen, the operators on it and the queue's
 * count in the header, the block viewer's pieces in categorization mode, the loop of
 * use-categorization-queue.ts. Shortcuts (docs/decisions/0125-categorization-screen.md): Enter saves, Alt+C
 * the account,
 * Alt+P report a problem, Alt+V devolve; the viewer's +/− and ←/→ outside the fields.
 */
export function CategorizationScreen({ client }: { client: SelectedClient }) {
  const router = useRouter();
  const sync = useBlockSync(client.id);
  const queue = useCategorizationQueue(client.id);
  const { state, onCount } = queue;
  const [status, setStatus] = useState("");
  const { onSave, onTyped } = useBackgroundSave(client.id, queue, setStatus);
  const { advance } = queue;
  const onDone = useCallback(
    (text: string) => {
      setStatus(text);
      advance();
    },
    [advance],
  );

  // The poll's count is the freshest when it lands after the last tocategorize.
  const syncCount = sync.data?.uncategorizedCount;
  useEffect(() => {
    if (syncCount !== undefined) onCount(syncCount);
  }, [syncCount, sync.dataUpdatedAt, onCount]);

  const count = state.count ?? syncCount;
  const back = () => router.push("/home/client");

  return (
    <div className="flex h-dvh flex-col bg-surface">
      <header
        className={
          "flex shrink-0 flex-wrap items-center gap-x-1.5 gap-y-1 border-b border-border " + "px-1.5 py-1 sm:px-2"
        }
      >
        <button
          type="button"
          aria-label={t.back}
          title={t.back}
          onClick={back}
          className={cn(iconButton, "size-5.5 sm:size-5")}
        >
          <ViewerIcon path={ICONS.previous} />
        </button>
        <Avatar name={client.name} pictureUrl={client.logoUrl} className="hidden size-4 sm:grid" />
        <div className="flex min-w-0 flex-1 flex-col">
          <h1 className="truncate text-lg leading-tight font-bold">{t.title}</h1>
          <p className="truncate text-sm text-muted">{client.name}</p>
        </div>
        {/* a phone puts the avatars and the count on a row of their own */}
        <div className="flex items-center gap-1.5 max-sm:w-full max-sm:pl-0.5">
          <Operators operators={sync.data?.operators ?? []} />
          {count !== undefined ? (
            <span
              data-testid="uncategorized-count"
              className="rounded-full bg-primary-soft px-1 py-0.25 text-sm font-semibold text-fg tabular-nums"
            >
              {t.count(count)}
            </span>
          ) : null}
        </div>
        <p role="status" className="sr-only">
          {status}
        </p>
      </header>

      <main
        className="flex min-h-0 flex-1 flex-col"
        // the prefetched block and whether its images are decoded (tests and the timing script wait on it)
        data-next-block={state.next?.id}
        data-next-ready={state.next !== null && queue.preloaded === state.next.id ? "true" : undefined}
      >
        {state.status === "ready" && state.block ? (
          <CategorizeBlock
            // a new block or a fresh copy of it (stale save) starts its form, zoom and image over
            key={`${state.block.id}-${state.block.version}`}
            clientId={client.id}
            block={state.block}
            notice={state.notice}
            draft={state.draft}
            onSave={onSave}
            onDone={onDone}
            onTyped={onTyped}
          />
        ) : state.status === "loading" ? (
          <div className="grid flex-1 place-items-center" aria-busy="true">
            <Spinner className="size-4 text-primary" />
            <span className="sr-only">{t.loading}</span>
          </div>
        ) : (
          <div className="grid flex-1 place-items-center p-3">
            <div className="flex max-w-[480px] flex-col items-center gap-2 text-center">
              <p role={state.status === "refused" ? "alert" : "status"} className="text-lg text-muted">
                {state.status === "refused" ? state.error : categorizationMessages.empty}
              </p>
              {state.status === "empty" && state.heldBy.length > 0 ? <HeldByOthers operators={state.heldBy} /> : null}
              {state.status === "refused" ? (
                <Button variant="secondary" onClick={queue.retry}>
                  {t.retry}
                </Button>
              ) : (
                <Button variant="secondary" onClick={back}>
                  {t.back}
                </Button>
              )}
            </div>
          </div>
        )}
      </main>
    </div>
  );
}
