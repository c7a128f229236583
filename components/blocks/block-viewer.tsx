"use client";

import { useEffect, useMemo, useRef, useState, type JSX } from "react";
import { useBlockDocuments, useMarkViewed, useSaveBlock } from "@/lib/api/blocks";
import type { Block } from "@/lib/contract/blocks";
import { importedByOf, readingOf, sourcesOf } from "@/lib/fiscal/reading-view";
import { readingMessages } from "@/lib/i18n/sections/reading";
import { viewerMessages } from "@/lib/i18n/sections/viewer";
import { exportsMessages } from "@/lib/i18n/sections/exports";
import { formatDate, formatTime } from "@/lib/format/dates";
import { cn } from "@/components/ui/cn";
import { useDevolve } from "./use-devolve";
import { DevolveDialog } from "./devolve-dialog";
import { Spinner } from "@/components/ui/spinner";
import { Dialog } from "@/components/ui/dialog";
import { BlockPanel } from "./block-panel";
import { canDevolve, MARK_VIEWED_DELAY_MS, toSaveBody, viewerMode, type BlockForm } from "./block-form-rules";
import { ImageStage } from "./image-stage";
import { useImageNavigation } from "./use-image-navigation";
import { useLatestBlock } from "./use-latest-block";
import { iconButton, ICONS, ImageArrows, ThumbnailStrip, ViewerIcon, ZoomButtons } from "./viewer-parts";
import { ViewerHeader } from "./viewer-header";
import { ReadingCard } from "./reading-card";
import { BlockHistory } from "./block-history";
import { referenceBlock } from "./reference-block";

const t = viewerMessages;

/**
 * Why the viewer is read-only, if it is: "busy", another operator works the client (the notice says
 * so); "posting", the caller's own contabilization desk shows the block to post (its own lease: no
 * word of another operator); "reference", another block opened from 'Possível duplicado' to compare.
 */
export type ViewerReadOnly = false | "busy" | "posting" | "reference";

export type BlockViewerProps = { clientId: number; block: Block | null; onClose: () => void; readOnly: ViewerReadOnly };

/**
 * The block viewer (spec §2 "Block viewer"): open while `block` is set. A dialog or full
 * screen; thumbnails, the centre image (3 zoom levels, wheel, drag to pan), the right-hand buttons
 * (zoom, full screen, devolve) and the side panel (modes in block-form-rules.ts). `readOnly`: see
 * ViewerReadOnly. Keyboard: ←/→ images, +/- zoom, Escape closes.
 */
export function BlockViewer({ clientId, block, onClose, readOnly }: BlockViewerProps): JSX.Element {
  const [fullScreen, setFullScreen] = useState(false);
  return (
    <Dialog
      open={block !== null}
      onOpenChange={(open) => open || onClose()}
      variant="sheet"
      onEscapeKeyDown={(event) => {
        // Escape first closes an open account list (the combobox handles it), then the viewer.
        const active = document.activeElement;
        if (
          active instanceof HTMLElement &&
          active.getAttribute("aria-expanded") === "true" &&
          active.getAttribute("role") === "combobox"
        ) {
          event.preventDefault();
        }
      }}
      data-fullscreen={fullScreen || undefined}
      className={cn(
        "inset-0 h-dvh w-full overflow-hidden shadow-2xl",
        // a phone gets the whole screen either way; from md up, a dialog with a margin
        !fullScreen &&
          "md:inset-auto md:top-1/2 md:left-1/2 md:h-[calc(100dvh-32px)] md:max-h-[900px] md:w-[calc(100%-32px)]" +
            " md:max-w-[1360px] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-theme md:border md:border-border",
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
    </Dialog>
  );
}

type BodyProps = {
  clientId: number;
  block: Block;
  readOnly: ViewerReadOnly;
  onClose: () => void;
  fullScreen: boolean;
  onFullScreen: (fullScreen: boolean) => void;
};

function ViewerBody({ clientId, block: given, readOnly, onClose, fullScreen, onFullScreen }: BodyProps) {
  const latest = useLatestBlock(clientId, given) ?? given;
  // The form being edited keeps the copy it was opened on: a save by someone else, seen meanwhile by the
  // list's poll, must not swap the block (and what is typed) under it. Saving it then meets the 409 and
  // its message, and the fresh copy shows once the editing ends.
  const [editedCopy, setEditedCopy] = useState<Block | null>(null);
  const editing = editedCopy !== null;
  const setEditing = (on: boolean) => setEditedCopy(on ? latest : null);
  const block = editedCopy ?? latest;
  const docs = useBlockDocuments(block.id);
  const markViewed = useMarkViewed(clientId);
  const save = useSaveBlock(clientId);
  const [error, setError] = useState<string | null>(null);
  const [reference, setReference] = useState<number | null>(null);
  const referenced = useMemo(() => (reference === null ? null : referenceBlock(reference)), [reference]);
  const {
    confirming,
    setConfirming,
    onDevolve,
    loading: devolving,
  } = useDevolve(clientId, block.id, onClose, setError);
  const mode = viewerMode(
    { ...block, hasPendency: block.hasPendency || Boolean(docs.data?.pendency) },
    readOnly !== false,
  );

  const urls = docs.data?.documentsUrl ?? block.documentsUrl;
  const thumbs = docs.data?.thumbnailsUrl ?? block.thumbnailsUrl;
  const total = urls.length;
  const { current, zoom, show, go, zoomStep, onKeyDown } = useImageNavigation(total);

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

  return (
    <div className="flex min-h-0 flex-1 flex-col" onKeyDown={onKeyDown}>
      <ViewerHeader
        block={block}
        subtitle={readOnly === "reference" ? readingMessages.reference(block.id) : undefined}
      />

      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto md:flex-row md:overflow-hidden">
        <ThumbnailStrip urls={urls} thumbs={thumbs} current={current} onPick={show} />

        <div className="order-1 flex min-h-[55dvh] min-w-0 flex-1 flex-col gap-1 p-1 md:order-none md:min-h-0">
          {total === 0 ? (
            <div className="grid flex-1 place-items-center text-sm text-muted">
              {docs.isPending ? <Spinner className="text-primary" /> : t.noImages}
            </div>
          ) : (
            <ImageStage
              url={urls[current]}
              alt={t.image(current + 1, total)}
              zoom={zoom}
              onZoomStep={zoomStep}
              className="flex-1"
            />
          )}
          <ImageArrows current={current} total={total} onStep={go} />
        </div>

        {/* Right buttons (spec §2): zoom, full screen, devolve. */}
        <div
          role="group"
          aria-label={t.actions}
          className={
            "order-3 flex shrink-0 items-center gap-1 px-1 py-1 md:order-none md:flex-col" +
            " md:border-l md:border-border"
          }
        >
          <ZoomButtons zoom={zoom} onStep={zoomStep} />
          <button
            type="button"
            aria-label={fullScreen ? t.exitFullScreen : t.fullScreen}
            title={fullScreen ? t.exitFullScreen : t.fullScreen}
            onClick={() => onFullScreen(!fullScreen)}
            // a phone always shows the viewer full screen: the toggle is for wider screens
            className={cn(iconButton, "hidden md:grid")}
          >
            <ViewerIcon path={fullScreen ? ICONS.exitFullScreen : ICONS.fullScreen} />
          </button>
          {canDevolve(mode) ? (
            <button
              type="button"
              aria-label={t.devolve}
              title={t.devolve}
              onClick={() => setConfirming(true)}
              className={cn(iconButton, "text-danger hover:bg-danger-soft hover:text-danger md:mt-1")}
            >
              <ViewerIcon path={ICONS.devolve} />
            </button>
          ) : null}
        </div>

        <aside
          aria-label={t.details}
          className={
            "order-4 w-full shrink-0 border-t border-border p-2 md:order-none md:w-[360px]" +
            " md:overflow-y-auto md:border-t-0 md:border-l"
          }
        >
          {docs.isError ? (
            <p role="alert" className="mb-1 text-sm text-danger">
              {docs.error.message || t.loadError}
            </p>
          ) : null}
          {docs.data?.exportedAt ? (
            <p data-testid="viewer-exported" className="mb-1 text-sm text-muted">
              {exportsMessages.exportedAt(formatDate(docs.data.exportedAt), formatTime(docs.data.exportedAt))}
            </p>
          ) : null}
          <BlockPanel
            key={`${block.id}-${block.version}`}
            clientId={clientId}
            block={block}
            docs={docs.data}
            mode={mode}
            readOnlyNote={
              readOnly === "posting"
                ? t.readOnlyPosting
                : readOnly === "reference"
                  ? readingMessages.readOnlyReference
                  : t.readOnlyBusy
            }
            formHidden={readOnly === "reference" && block.version < 0}
            reading={
              <ReadingCard
                reading={readingOf(docs.data) ?? readingOf(block)}
                importedBy={importedByOf(docs.data)}
                sources={sourcesOf(docs.data)}
                onOpenBlock={readOnly === "reference" ? undefined : setReference}
                dismiss={readOnly === "reference" ? undefined : { clientId, blockId: block.id }}
              />
            }
            editing={editing}
            onEditing={(next) => (setEditing(next), setError(null))}
            onSave={onSave}
            saving={save.isPending}
            error={error}
          />
          <BlockHistory clientId={clientId} blockId={block.id} />
        </aside>
      </div>

      <DevolveDialog
        key={block.id}
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={onDevolve}
        loading={devolving}
      />
      <BlockViewer clientId={clientId} block={referenced} onClose={() => setReference(null)} readOnly="reference" />
    </div>
  );
}
