"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, useState, type JSX, type KeyboardEvent } from "react";
import { useBlockDocuments, useDevolveBlock, useMarkViewed, useSaveBlock } from "@/lib/api/blocks";
import type { Block } from "@/lib/contract/blocks";
import { messages } from "@/lib/i18n/messages";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { useReturnFocus } from "@/components/ui/use-return-focus";
import { BlockPanel } from "./block-panel";
import {
  blockCardDate,
  blockCardValue,
  canDevolve,
  MARK_VIEWED_DELAY_MS,
  stepZoom,
  toSaveBody,
  viewerMode,
  ZOOM_LEVELS,
  type BlockForm,
} from "./block-form-rules";
import { ImageStage } from "./image-stage";
import { useLatestBlock } from "./use-latest-block";

const t = messages.viewer;

export type BlockViewerProps = { clientId: number; block: Block | null; onClose: () => void; readOnly: boolean };

/**
 * The block viewer (spec §2 "Block viewer", issue 7 item 4): open while `block` is set. A dialog or full
 * screen; thumbnails, the centre image (3 zoom levels, wheel, drag to pan), the right-hand buttons
 * (zoom, full screen, devolve) and the side panel (modes in block-form-rules.ts). `readOnly`: the client
 * is busy (another operator works it). Keyboard: ←/→ images, +/- zoom, Escape closes.
 */
export function BlockViewer({ clientId, block, onClose, readOnly }: BlockViewerProps): JSX.Element {
  const returnFocus = useReturnFocus();
  const [fullScreen, setFullScreen] = useState(false);
  return (
    <Dialog.Root open={block !== null} onOpenChange={(open) => open || onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[55] bg-black/60" />
        <Dialog.Content
          aria-describedby={undefined}
          {...returnFocus}
          onEscapeKeyDown={(event) => {
            // Escape first closes an open account list (the combobox handles it), then the viewer.
            const active = document.activeElement;
            if (active instanceof HTMLElement && active.getAttribute("aria-expanded") === "true" && active.getAttribute("role") === "combobox") {
              event.preventDefault();
            }
          }}
          data-fullscreen={fullScreen || undefined}
          className={cn(
            "fixed z-[56] flex flex-col overflow-hidden bg-surface shadow-2xl outline-none",
            fullScreen
              ? "inset-0 h-dvh w-full"
              : // a phone gets the whole screen either way; from md up, a dialog with a margin
                "inset-0 h-dvh w-full md:inset-auto md:top-1/2 md:left-1/2 md:h-[calc(100dvh-32px)] md:max-h-[900px] md:w-[calc(100%-32px)] md:max-w-[1360px] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-theme md:border md:border-border",
          )}
        >
          {block ? (
            <ViewerBody
              key={block.id}
              clientId={clientId}
              block={block}
              readOnly={readOnly}
              onClose={onClose}
              fullScreen={fullScreen}
              onFullScreen={setFullScreen}
            />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type BodyProps = {
  clientId: number;
  block: Block;
  readOnly: boolean;
  onClose: () => void;
  fullScreen: boolean;
  onFullScreen: (fullScreen: boolean) => void;
};

const isTyping = (target: EventTarget) =>
  target instanceof HTMLElement && (target.closest("input, select, textarea, [role=combobox], [role=listbox]") !== null || target.isContentEditable);

function ViewerBody({ clientId, block: given, readOnly, onClose, fullScreen, onFullScreen }: BodyProps) {
  const block = useLatestBlock(clientId, given) ?? given;
  const docs = useBlockDocuments(block.id);
  const markViewed = useMarkViewed(clientId);
  const save = useSaveBlock(clientId);
  const devolve = useDevolveBlock(clientId);
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(0);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const mode = viewerMode({ ...block, hasPendency: block.hasPendency || Boolean(docs.data?.pendency) }, readOnly);

  const urls = docs.data?.documentsUrl ?? block.documentsUrl;
  const thumbs = docs.data?.thumbnailsUrl ?? block.thumbnailsUrl;
  const total = urls.length;
  const current = Math.min(index, Math.max(0, total - 1));

  // Mark viewed once, about twice the fast transition after the block is displayed (spec §4).
  const marked = useRef(false);
  const markViewedMutate = markViewed.mutate;
  useEffect(() => {
    if (given.viewed || marked.current) return;
    const timer = window.setTimeout(() => {
      marked.current = true;
      markViewedMutate(given.id);
    }, MARK_VIEWED_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [given.id, given.viewed, markViewedMutate]);

  // The next and previous images are fetched ahead.
  useEffect(() => {
    for (const neighbour of [urls[current + 1], urls[current - 1]]) {
      if (neighbour) new Image().src = neighbour;
    }
  }, [urls, current]);

  const go = (step: 1 | -1) => {
    if (total < 2) return;
    setIndex((current + step + total) % total);
    setZoom(0);
  };
  const zoomStep = (step: 1 | -1) => setZoom((level) => stepZoom(level, step));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowRight") go(1);
    else if (event.key === "ArrowLeft") go(-1);
    else if (event.key === "+" || event.key === "=") zoomStep(1);
    else if (event.key === "-" || event.key === "_") zoomStep(-1);
    else return;
    event.preventDefault();
  };

  const onSave = (form: BlockForm) => {
    setError(null);
    save.mutate(toSaveBody(block.id, form, block.version), {
      onSuccess: onClose,
      onError: (cause) => {
        setError(cause.message);
        setEditing(false);
      },
    });
  };
  const onDevolve = () =>
    devolve.mutate(block.id, {
      onSuccess: () => {
        setConfirming(false);
        onClose();
      },
      onError: (cause) => {
        setConfirming(false);
        setError(cause.message);
      },
    });

  const value = blockCardValue(block);
  const subtitle = [block.date ? blockCardDate(block) : t.sentOn(blockCardDate(block)), value].filter(Boolean).join(" · ");

  return (
    <div className="flex min-h-0 flex-1 flex-col" onKeyDown={onKeyDown}>
      <div className="flex shrink-0 items-center gap-1.5 border-b border-border px-2 py-1">
        <div className="flex min-w-0 flex-1 flex-col">
          <Dialog.Title className="text-lg leading-tight font-bold">{t.title}</Dialog.Title>
          <p className="truncate text-sm text-muted">{subtitle}</p>
        </div>
        <p className="hidden text-xs text-muted lg:block">{t.keyboardHelp}</p>
        <Dialog.Close aria-label={t.close} title={t.close} className={iconButton}>
          <Icon path="M6 6l12 12M18 6L6 18" />
        </Dialog.Close>
      </div>

      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto md:flex-row md:overflow-hidden">
        {/* Thumbnails: a column on wide screens, a row under the image on narrow ones. */}
        <nav aria-label={t.images} className="order-2 shrink-0 md:order-none md:w-[96px] md:border-r md:border-border">
          <ol className="flex gap-1 overflow-x-auto p-1 md:h-full md:flex-col md:overflow-x-hidden md:overflow-y-auto">
            {/* keyed by position: fresh signed URLs (the documents call) must not remount a focused thumbnail */}
            {urls.map((url, i) => (
              <li key={i} className="shrink-0">
                <button
                  type="button"
                  aria-label={t.image(i + 1, total)}
                  aria-current={i === current ? "true" : undefined}
                  onClick={() => (setIndex(i), setZoom(0))}
                  className={cn(
                    "block size-8 cursor-pointer overflow-hidden rounded-theme border-2 bg-canvas md:size-9",
                    i === current ? "border-primary" : "border-transparent hover:border-border-strong",
                  )}
                >
                  {/* eslint-disable-next-line @next/next/no-img-element -- signed, expiring URLs */}
                  <img src={thumbs[i] ?? url} alt="" className="size-full object-cover" draggable={false} />
                </button>
              </li>
            ))}
          </ol>
        </nav>

        <div className="order-1 flex min-h-[55dvh] min-w-0 flex-1 flex-col gap-1 p-1 md:order-none md:min-h-0">
          {total === 0 ? (
            <div className="grid flex-1 place-items-center text-sm text-muted">{docs.isPending ? <Spinner className="text-primary" /> : t.noImages}</div>
          ) : (
            <ImageStage url={urls[current]} alt={t.image(current + 1, total)} zoom={zoom} onZoomStep={zoomStep} className="flex-1" />
          )}
          {total > 1 ? (
            <div className="flex items-center justify-center gap-1">
              <button type="button" aria-label={t.previousImage} title={t.previousImage} onClick={() => go(-1)} className={iconButton}>
                <Icon path="M15 6l-6 6 6 6" />
              </button>
              <span className="min-w-8 text-center text-sm text-muted tabular-nums" aria-live="polite">
                {current + 1} / {total}
              </span>
              <button type="button" aria-label={t.nextImage} title={t.nextImage} onClick={() => go(1)} className={iconButton}>
                <Icon path="M9 6l6 6-6 6" />
              </button>
            </div>
          ) : null}
        </div>

        {/* Right buttons (spec §2): zoom, full screen, devolve. */}
        <div role="group" aria-label={t.actions} className="order-3 flex shrink-0 items-center gap-1 px-1 py-1 md:order-none md:flex-col md:border-l md:border-border">
          <button type="button" aria-label={t.zoomIn} title={t.zoomIn} disabled={zoom >= ZOOM_LEVELS.length - 1} onClick={() => zoomStep(1)} className={iconButton}>
            <Icon path="M11 8v6M8 11h6M20 20l-4.35-4.35M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z" />
          </button>
          <span className="text-xs font-semibold text-muted tabular-nums" aria-live="polite" aria-label={t.zoomLevel(zoom + 1, ZOOM_LEVELS.length)}>
            {zoom + 1}/{ZOOM_LEVELS.length}
          </span>
          <button type="button" aria-label={t.zoomOut} title={t.zoomOut} disabled={zoom === 0} onClick={() => zoomStep(-1)} className={iconButton}>
            <Icon path="M8 11h6M20 20l-4.35-4.35M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z" />
          </button>
          <button
            type="button"
            aria-label={fullScreen ? t.exitFullScreen : t.fullScreen}
            title={fullScreen ? t.exitFullScreen : t.fullScreen}
            onClick={() => onFullScreen(!fullScreen)}
            // a phone always shows the viewer full screen: the toggle is for wider screens
            className={cn(iconButton, "hidden md:grid")}
          >
            <Icon path={fullScreen ? "M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" : "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"} />
          </button>
          {canDevolve(mode) ? (
            <button
              type="button"
              aria-label={t.devolve}
              title={t.devolve}
              onClick={() => setConfirming(true)}
              className={cn(iconButton, "text-danger hover:bg-danger-soft hover:text-danger md:mt-1")}
            >
              <Icon path="M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
            </button>
          ) : null}
        </div>

        <aside aria-label={t.details} className="order-4 w-full shrink-0 border-t border-border p-2 md:order-none md:w-[360px] md:overflow-y-auto md:border-t-0 md:border-l">
          {docs.isError ? (
            <p role="alert" className="mb-1 text-sm text-danger">
              {docs.error.message || t.loadError}
            </p>
          ) : null}
          <BlockPanel
            key={`${block.id}-${block.version}`}
            clientId={clientId}
            block={block}
            docs={docs.data}
            mode={mode}
            editing={editing}
            onEditing={(next) => (setEditing(next), setError(null))}
            onSave={onSave}
            saving={save.isPending}
            error={error}
          />
        </aside>
      </div>

      <ConfirmDialog open={confirming} onOpenChange={setConfirming} text={t.devolveConfirm} tone="danger" onConfirm={onDevolve} loading={devolve.isPending} />
    </div>
  );
}

const iconButton =
  "grid size-4 shrink-0 cursor-pointer place-items-center rounded-theme text-muted hover:bg-surface-2 hover:text-fg disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-primary";

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" className="size-2.5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={path} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
