"use client";

import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useBlockDocuments, useMarkViewed } from "@/lib/api/blocks";
import type { CategorizationBlock } from "@/lib/api/categorization";
import { categorizationScreenMessages } from "@/lib/i18n/sections/categorizationScreen";
import { isPageInPreparation } from "@/lib/fiscal/page-in-preparation";
import { readingOf } from "@/lib/fiscal/reading-view";
import { readingMessages } from "@/lib/i18n/sections/reading";
import { viewerMessages } from "@/lib/i18n/sections/viewer";
import { BlockPanel } from "@/components/blocks/block-panel";
import { canDevolve, MARK_VIEWED_DELAY_MS, type BlockForm } from "@/components/blocks/block-form-rules";
import type { BlockViewerProps } from "@/components/blocks/block-viewer";
import { ReadingCard } from "@/components/blocks/reading-card";
import { prefillFromReading } from "@/components/blocks/reading-prefill";
import { referenceBlock } from "@/components/blocks/reference-block";
import { ImageStage } from "@/components/blocks/image-stage";
import {
  ICONS,
  iconButton,
  ImageArrows,
  ThumbnailStrip,
  ViewerIcon,
  ZoomButtons,
} from "@/components/blocks/viewer-parts";
import { DevolveDialog } from "@/components/blocks/devolve-dialog";
import { useDevolve } from "@/components/blocks/use-devolve";
import { useImageNavigation } from "@/components/blocks/use-image-navigation";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { cn } from "@/components/ui/cn";
import type { ReportDialogProps } from "./report-dialog";
import { Shortcuts } from "./screen-parts";
import { SAVE_MARK, SWAP_MEASURE } from "./use-background-save";

const t = categorizationScreenMessages;
/** Phone targets of at least 44 px (the viewer's 32 px icon buttons are for a mouse). */
const TOUCH = "max-md:size-5.5";
const v = viewerMessages;

// 'Reportar problema' is a dialog: fetched on its first open, not with the screen.
const ReportDialog = lazyWhenOpen<ReportDialogProps>(
  () => import("./report-dialog").then((module) => module.ReportDialog),
  (props) => props.open,
  (props) => props.onOpenChange(false),
);

// 'Possível duplicado' opens the other block in the viewer, read-only: fetched on the first such open.
const BlockViewer = lazyWhenOpen<BlockViewerProps>(
  () => import("@/components/blocks/block-viewer").then((module) => module.BlockViewer),
  (props) => props.block !== null,
  (props) => props.onClose(),
);

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
export const CategorizeBlock = memo(function CategorizeBlock({
  clientId,
  block,
  notice,
  draft,
  onSave,
  onDone,
  onTyped,
}: BlockProps) {
  const markViewed = useMarkViewed(clientId);
  const [error, setError] = useState<string | null>(null);
  const {
    confirming,
    setConfirming,
    onDevolve,
    loading: devolving,
  } = useDevolve(clientId, block.id, () => onDone(t.devolved), setError);
  const [reporting, setReporting] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  // The office's own data first, then a solved pendency's suggestion, then the reading (reading-prefill.ts).
  const reading = readingOf(block);
  const [prefill] = useState(() => prefillFromReading(block, reading));
  const [initial] = useState<BlockForm>(() => draft ?? prefill.form);
  const [reference, setReference] = useState<BlockViewerProps["block"]>(null);
  const openReference = useCallback((id: number) => setReference(referenceBlock(id)), []);
  const onFormChange = useCallback((form: BlockForm) => onTyped(block.id, form), [onTyped, block.id]);

  // 'Salvar Bloco' → this block committed to the DOM (a performance measure the timing spec reads).
  useEffect(() => {
    if (performance.getEntriesByName(SAVE_MARK, "mark").length === 0) return;
    performance.measure(SWAP_MEASURE, SAVE_MARK);
    performance.clearMarks(SAVE_MARK);
  }, []);

  // A page the job has not drawn yet, or a document it has not read yet: the documents are asked again
  // until it has (useBlockDocuments), and the reading card shows the latest answer's reading (a document
  // read since the block opened may change it). The form is filled once.
  const preparing = block.documentsUrl.some(isPageInPreparation);
  const drawn = useBlockDocuments(preparing || block.readingPending ? block.id : null).data;
  const urls = drawn?.documentsUrl ?? block.documentsUrl;
  const thumbs = drawn?.thumbnailsUrl ?? block.thumbnailsUrl;
  const total = urls.length;
  const { current, zoom, show, go, zoomStep, onKeyDown } = useImageNavigation(total);

  // Marked viewed MARK_VIEWED_DELAY_MS (twice the theme's fast 250 ms transition) after it shows (spec §4).
  const markViewedMutate = markViewed.mutate;
  useEffect(() => {
    if (block.viewed) return;
    const timer = window.setTimeout(() => markViewedMutate(block.id), MARK_VIEWED_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [block.id, block.viewed, markViewedMutate]);

  // Alt shortcuts anywhere on the screen (not while a dialog is open); event.code, so that macOS's
  // Option characters (π, √, ç) still name the key. A layout effect: the keys work from the moment the
  // block shows, where a passive effect could still be pending when the first key arrives.
  const dialogOpen = confirming || reporting || reference !== null;
  useLayoutEffect(() => {
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
  }, [dialogOpen, setConfirming]);

  return (
    <div
      ref={rootRef}
      className="flex min-h-0 flex-1 flex-col overflow-y-auto md:flex-row md:overflow-hidden"
      onKeyDown={onKeyDown}
      data-testid="categorize-block"
      data-current-block={block.id}
    >
      <ThumbnailStrip urls={urls} thumbs={thumbs} current={current} onPick={show} />

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
        className={
          "order-3 flex shrink-0 items-center gap-1 px-1 py-1 md:order-none md:flex-col " +
          "md:border-l md:border-border"
        }
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
        className={
          "order-4 w-full shrink-0 border-t border-border p-2 md:order-none md:w-[360px] " +
          "md:overflow-y-auto md:border-t-0 md:border-l"
        }
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
          prefill={draft ? undefined : prefill}
          prefillNote={reading?.source ? readingMessages.prefilled(reading.source) : undefined}
          reading={
            <ReadingCard
              reading={readingOf(drawn) ?? reading}
              outside={prefill.outside}
              onOpenBlock={openReference}
              dismiss={{ clientId, blockId: block.id }}
              headingLevel={2}
            />
          }
        />
      </aside>

      <DevolveDialog
        key={block.id}
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={onDevolve}
        loading={devolving}
      />
      <BlockViewer clientId={clientId} block={reference} onClose={() => setReference(null)} readOnly="reference" />
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
