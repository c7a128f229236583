"use client";

import { useOnceInFlight } from "@/lib/api/use-once-in-flight";
import { useRouter } from "next/navigation";
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useDevolveBlock, useMarkViewed } from "@/lib/api/blocks";
import { useBlockSync, useCategorizeSave, type CategorizationBlock } from "@/lib/api/categorization";
import { ApiError } from "@/lib/api/client";
import { useSelectedClient, type SelectedClient } from "@/lib/client-selection";
import { CATEGORIZATION_AVATARS_MAX } from "@/lib/constants";
import type { BlockSyncAnswer } from "@/lib/contract/categorization";
import { categorizationMessages } from "@/lib/i18n/sections/categorization";
import { categorizationScreenMessages } from "@/lib/i18n/sections/categorizationScreen";
import { viewerMessages } from "@/lib/i18n/sections/viewer";
import { BlockPanel } from "@/components/blocks/block-panel";
import {
  canDevolve,
  categorizationForm,
  MARK_VIEWED_DELAY_MS,
  stepZoom,
  toSaveBody,
  type BlockForm,
} from "@/components/blocks/block-form-rules";
import { ImageStage } from "@/components/blocks/image-stage";
import {
  ICONS,
  iconButton,
  ImageArrows,
  isTyping,
  ThumbnailStrip,
  ViewerIcon,
  ZoomButtons,
} from "@/components/blocks/viewer-parts";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { cn } from "@/components/ui/cn";
import { DevolveDialog } from "@/components/blocks/devolve-dialog";
import { Spinner } from "@/components/ui/spinner";
import { Splash } from "@/components/ui/splash";
import type { ReportDialogProps } from "./report-dialog";
import { useCategorizationQueue, type TypedForm } from "./use-categorization-queue";

const t = categorizationScreenMessages;
/** Phone targets of at least 44 px (the viewer's 32 px icon buttons are for a mouse). */
const TOUCH = "max-md:size-5.5";
const v = viewerMessages;
/** Performance entries around 'Salvar Bloco' (docs/decisions/0125-categorization-screen.md). */
const SAVE_MARK = "bloco:categorize-save";
const SWAP_MEASURE = "bloco:categorize-swap";

// 'Reportar problema' is a dialog: fetched on its first open, not with the screen.
const ReportDialog = lazyWhenOpen<ReportDialogProps>(
  () => import("./report-dialog").then((module) => module.ReportDialog),
  (props) => props.open,
  (props) => props.onOpenChange(false),
);

// The schema that reads a refused save's fresh copy of the block pulls in zod (about 70 KiB of
// compressed script): it is fetched when the first save starts, never with the page.
let blockSchema: Promise<typeof import("@/lib/contract/categorization").categorizationBlockSchema> | null = null;
function loadBlockSchema() {
  blockSchema ??= import("@/lib/contract/categorization").then(
    (module) => module.categorizationBlockSchema,
    (error: unknown) => {
      // Not kept: a load that failed (offline, a deploy meanwhile) is tried again by the next save.
      blockSchema = null;
      throw error;
    },
  );
  return blockSchema;
}

/** The refused save's fresh block, when its answer carries one and the schema could be loaded. */
async function freshBlockOf(cause: unknown) {
  if (!(cause instanceof ApiError)) return null;
  try {
    return (await loadBlockSchema()).safeParse({ suggestion: null, ...(cause.details.block as object) });
  } catch {
    return null; // the block comes back as it was typed
  }
}

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
 * use-categorization-queue.ts. Shortcuts (docs/decisions/0125-categorization-screen.md): Enter saves, Alt+C the account,
 * Alt+P report a problem, Alt+V devolve; the viewer's +/− and ←/→ outside the fields.
 */
export function CategorizationScreen({ client }: { client: SelectedClient }) {
  const router = useRouter();
  const sync = useBlockSync(client.id);
  const queue = useCategorizationQueue(client.id);
  const { state, onCount } = queue;
  const [status, setStatus] = useState("");
  const save = useCategorizeSave(client.id);

  // 'Salvar Bloco' (click or Enter): the next block shows in this same render, the save runs behind it;
  // a failed save brings the block back (docs/decisions/0125-categorization-screen.md). Each save is its
  // own promise (mutateAsync): two quick saves of two blocks settle independently.
  const { saveStarted, saved, restore, note, advance } = queue;
  // What is typed on the block on screen: a failed save of the one before sends it back to `next`, and
  // it comes back with it (the queue's nextDraft).
  const typed = useRef<TypedForm | null>(null);
  const onTyped = useCallback((blockId: number, form: BlockForm) => {
    typed.current = { blockId, form };
  }, []);
  const onSave = useCallback(
    (block: CategorizationBlock, form: BlockForm) => {
      performance.mark(SAVE_MARK);
      loadBlockSchema().catch(() => undefined);
      const body = toSaveBody(block.id, form, block.version);
      saveStarted(block);
      setStatus(t.saved);
      save(body).then(
        () => saved(block.id),
        async (cause: unknown) => {
          // the block's notice (role alert) says what happened; 'Bloco salvo.' no longer holds
          setStatus("");
          const fresh = await freshBlockOf(cause);
          const text = cause instanceof Error ? cause.message : String(cause);
          if (fresh?.success && fresh.data.id === block.id) {
            if (fresh.data.contabilizedDatetime) {
              // nothing left to do on it: it left the queue, the screen says so on the block it shows
              saved(block.id);
              note(t.skippedContabilized);
              return;
            }
            // stale: the server's fresh copy (a new version) with its message
            restore(fresh.data, text, null, typed.current);
          } else {
            // lease held by another operator, a network failure…: the block as it was typed
            restore(block, text, form, typed.current);
          }
        },
      );
    },
    [save, saveStarted, saved, restore, note],
  );
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
      <header className="flex shrink-0 flex-wrap items-center gap-x-1.5 gap-y-1 border-b border-border px-1.5 py-1 sm:px-2">
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

/** Up to 7 avatars of the operators on this client's categorization screen, the caller first ('Você'). */
function Operators({ operators }: { operators: BlockSyncAnswer["operators"] }) {
  if (operators.length === 0) return null;
  const shown = operators.slice(0, CATEGORIZATION_AVATARS_MAX);
  const more = operators.length - shown.length;
  return (
    <ul aria-label={t.onScreen} className="flex items-center -space-x-1">
      {shown.map((operator, index) => {
        const label = index === 0 ? t.you : operator.name;
        return (
          <li
            key={`${operator.name}-${index}`}
            title={label}
            data-testid="screen-operator"
            className="rounded-full ring-2 ring-surface"
          >
            <Avatar name={operator.name} pictureUrl={operator.pictureUrl} className="size-4 text-[11px]" />
            <span className="sr-only">{label}</span>
          </li>
        );
      })}
      {more > 0 ? (
        <li
          className="grid size-4 place-items-center rounded-full bg-surface-2 text-[11px] font-bold ring-2 ring-surface"
          title={t.more(more)}
        >
          +{more}
        </li>
      ) : null}
    </ul>
  );
}

/** The queue still counts blocks, all claimed by colleagues: who holds them (the claims lapse when they leave). */
function HeldByOthers({ operators }: { operators: BlockSyncAnswer["operators"] }) {
  return (
    <div data-testid="held-by-others" className="flex flex-col items-center gap-1">
      <p className="text-base font-semibold text-fg">{t.heldByOthers}</p>
      <ul aria-label={t.holders} className="flex flex-wrap items-center justify-center gap-1">
        {operators.map((operator, index) => (
          <li
            key={`${operator.name}-${index}`}
            title={operator.name}
            data-testid="holder"
            className="flex items-center gap-0.5 rounded-full bg-surface-2 py-0.25 pr-1 pl-0.25"
          >
            <Avatar name={operator.name} pictureUrl={operator.pictureUrl} className="size-4 text-[11px]" />
            <span className="max-w-[160px] truncate text-sm">{operator.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

type BlockProps = {
  clientId: number;
  block: CategorizationBlock;
  notice: string | null;
  /** The form as typed when a failed save brought the block back, else null (the block's own data). */
  draft: BlockForm | null;
  /** 'Salvar Bloco': the screen moves on at once and saves in the background. */
  onSave: (block: CategorizationBlock, form: BlockForm) => void;
  /** The block left the queue (reported, devolved): the text is announced. */
  onDone: (status: string) => void;
  /** Hears the form as typed on this block. */
  onTyped: (blockId: number, form: BlockForm) => void;
};

/**
 * Memoised: the screen re-renders on every poll and queue answer; the block's viewer and form only
 * when the block, its notice or draft change (its callbacks are stable).
 */
const CategorizeBlock = memo(function CategorizeBlock({
  clientId,
  block,
  notice,
  draft,
  onSave,
  onDone,
  onTyped,
}: BlockProps) {
  const devolve = useDevolveBlock(clientId);
  const onceDevolve = useOnceInFlight();
  const markViewed = useMarkViewed(clientId);
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const [initial] = useState<BlockForm>(() => draft ?? categorizationForm(block));
  const onFormChange = useCallback((form: BlockForm) => onTyped(block.id, form), [onTyped, block.id]);

  // 'Salvar Bloco' → this block committed to the DOM (a performance measure the timing spec reads).
  useEffect(() => {
    if (performance.getEntriesByName(SAVE_MARK, "mark").length === 0) return;
    performance.measure(SWAP_MEASURE, SAVE_MARK);
    performance.clearMarks(SAVE_MARK);
  }, []);

  const urls = block.documentsUrl;
  const total = urls.length;
  const current = Math.min(index, Math.max(0, total - 1));

  // Marked viewed MARK_VIEWED_DELAY_MS (twice the theme's fast 250 ms transition) after it shows (spec §4).
  const markViewedMutate = markViewed.mutate;
  useEffect(() => {
    if (block.viewed) return;
    const timer = window.setTimeout(() => markViewedMutate(block.id), MARK_VIEWED_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [block.id, block.viewed, markViewedMutate]);

  const go = (step: 1 | -1) => {
    if (total < 2) return;
    setIndex((current + step + total) % total);
    setZoom(0);
  };
  const zoomStep = (step: 1 | -1) => setZoom((level) => stepZoom(level, step));

  // Alt shortcuts anywhere on the screen (not while a dialog is open); event.code, so that macOS's
  // Option characters (π, √, ç) still name the key.
  const dialogOpen = confirming || reporting;
  useEffect(() => {
    if (dialogOpen) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
      if (event.code === "KeyP") setReporting(true);
      else if (event.code === "KeyV") setConfirming(true);
      else if (event.code === "KeyC") rootRef.current?.querySelector<HTMLInputElement>("[role=combobox]")?.focus();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [dialogOpen]);

  // The viewer's keys outside the fields: ←/→ images, +/- zoom.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowRight") go(1);
    else if (event.key === "ArrowLeft") go(-1);
    else if (event.key === "+" || event.key === "=") zoomStep(1);
    else if (event.key === "-" || event.key === "_") zoomStep(-1);
    else return;
    event.preventDefault();
  };

  const onDevolve = (reason: string) =>
    onceDevolve((done) =>
      devolve.mutate(
        { blockId: block.id, reason },
        {
          onSettled: done,
          onSuccess: () => {
            setConfirming(false);
            onDone(t.devolved);
          },
          onError: (cause) => {
            setConfirming(false);
            setError(cause.message);
          },
        },
      ),
    );

  return (
    <div
      ref={rootRef}
      className="flex min-h-0 flex-1 flex-col overflow-y-auto md:flex-row md:overflow-hidden"
      onKeyDown={onKeyDown}
      data-testid="categorize-block"
      data-current-block={block.id}
    >
      <ThumbnailStrip
        urls={urls}
        thumbs={block.thumbnailsUrl}
        current={current}
        onPick={(i) => (setIndex(i), setZoom(0))}
      />

      <div className="order-1 flex min-h-[50dvh] min-w-0 flex-1 flex-col gap-1 p-1 md:order-none md:min-h-0">
        {total === 0 ? (
          <div className="grid flex-1 place-items-center text-sm text-muted">{v.noImages}</div>
        ) : (
          <ImageStage
            url={urls[current]}
            alt={v.image(current + 1, total)}
            zoom={zoom}
            onZoomStep={zoomStep}
            className="flex-1"
            blockId={block.id}
          />
        )}
        <ImageArrows current={current} total={total} onStep={go} buttonClassName={TOUCH} />
      </div>

      {/* Right buttons (spec §2): report a problem (categorization only), devolve, zoom. */}
      <div
        role="group"
        aria-label={v.actions}
        className="order-3 flex shrink-0 items-center gap-1 px-1 py-1 md:order-none md:flex-col md:border-l md:border-border"
      >
        <button
          type="button"
          aria-label={t.report}
          title={`${t.report} (Alt+P)`}
          onClick={() => setReporting(true)}
          className={cn(iconButton, TOUCH, "text-status-pendency")}
        >
          <ViewerIcon path={ICONS.report} />
        </button>
        {canDevolve("categorization") ? (
          <button
            type="button"
            aria-label={v.devolve}
            title={`${v.devolve} (Alt+V)`}
            onClick={() => setConfirming(true)}
            className={cn(iconButton, TOUCH, "text-danger hover:bg-danger-soft hover:text-danger")}
          >
            <ViewerIcon path={ICONS.devolve} />
          </button>
        ) : null}
        <span aria-hidden="true" className="h-px w-2 bg-border max-md:h-2 max-md:w-px" />
        <ZoomButtons zoom={zoom} onStep={zoomStep} buttonClassName={TOUCH} />
      </div>

      <aside
        aria-label={v.details}
        className="order-4 w-full shrink-0 border-t border-border p-2 md:order-none md:w-[360px] md:overflow-y-auto md:border-t-0 md:border-l"
      >
        {notice ? (
          <p role="alert" className="mb-1.5 rounded-theme bg-status-pendency/10 px-1.5 py-1 text-sm">
            {notice}
          </p>
        ) : null}
        <BlockPanel
          clientId={clientId}
          block={block}
          docs={undefined}
          mode="categorization"
          editing={false}
          onEditing={() => undefined}
          onSave={(form) => onSave(block, form)}
          saving={false}
          error={error}
          initial={initial}
          footer={<Shortcuts />}
          onFormChange={onFormChange}
        />
      </aside>

      <DevolveDialog
        key={block.id}
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={onDevolve}
        loading={devolve.isPending}
      />
      <ReportDialog
        clientId={clientId}
        blockId={block.id}
        open={reporting}
        onOpenChange={setReporting}
        onReported={() => {
          setReporting(false);
          onDone(t.reported);
        }}
      />
    </div>
  );
});

function Shortcuts() {
  return (
    <section aria-label={t.shortcuts} className="mt-1 hidden border-t border-border pt-1.5 md:block">
      <h2 className="mb-0.5 text-xs font-semibold text-muted">{t.shortcuts}</h2>
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-1.5 gap-y-0.5 text-xs text-muted">
        {t.keys.map((item) => (
          <div key={item.label} className="contents">
            <dt className="flex gap-0.25">
              {item.keys.map((key) => (
                <kbd
                  key={key}
                  className="rounded border border-border bg-surface-2 px-0.5 font-sans text-[11px] font-semibold text-fg"
                >
                  {key}
                </kbd>
              ))}
            </dt>
            <dd>{item.label}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
