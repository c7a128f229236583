"use client";

import {
  ChevronLeft,
  ChevronRight,
  Maximize,
  Minimize,
  TriangleAlert,
  Undo2,
  X,
  ZoomIn,
  ZoomOut,
  type LucideIcon,
} from "lucide-react";
import { viewerMessages } from "@/lib/i18n/sections/viewer";
import { cn } from "@/components/ui/cn";
import { ZOOM_LEVELS } from "./block-form-rules";

// Pieces of the block viewer that the dialog (block-viewer.tsx) and the categorization screen share:
// the thumbnail strip, the image arrows, the zoom buttons and the icon button look.

const t = viewerMessages;

export const iconButton =
  "grid size-4 shrink-0 cursor-pointer place-items-center rounded-theme text-muted hover:bg-surface-2" +
  " hover:text-fg disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2" +
  " focus-visible:outline-primary";

/** A viewer icon at the viewer's size. */
export function ViewerIcon({ path: Glyph, className }: { path: LucideIcon; className?: string }) {
  return <Glyph aria-hidden="true" className={cn("size-2.5", className)} />;
}

export const ICONS = {
  close: X,
  previous: ChevronLeft,
  next: ChevronRight,
  zoomIn: ZoomIn,
  zoomOut: ZoomOut,
  fullScreen: Maximize,
  exitFullScreen: Minimize,
  devolve: Undo2,
  report: TriangleAlert,
} satisfies Record<string, LucideIcon>;

export type ThumbnailStripProps = {
  urls: readonly string[];
  thumbs: readonly string[];
  current: number;
  onPick: (index: number) => void;
};

/** The block's images as thumbnails: a column on wide screens, a row under the image on narrow ones. */
export function ThumbnailStrip({ urls, thumbs, current, onPick }: ThumbnailStripProps) {
  const total = urls.length;
  return (
    <nav aria-label={t.images} className="order-2 shrink-0 md:order-none md:w-[96px] md:border-r md:border-border">
      <ol className="flex gap-1 overflow-x-auto p-1 md:h-full md:flex-col md:overflow-x-hidden md:overflow-y-auto">
        {/* keyed by position: fresh signed URLs (the documents call) must not remount a focused thumbnail */}
        {urls.map((url, i) => (
          <li key={i} className="shrink-0">
            <button
              type="button"
              aria-label={t.image(i + 1, total)}
              aria-current={i === current ? "true" : undefined}
              onClick={() => onPick(i)}
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
  );
}

/** ‹ n / total › under the image, when the block has more than one. */
export function ImageArrows({
  current,
  total,
  onStep,
  buttonClassName,
}: {
  current: number;
  total: number;
  onStep: (step: 1 | -1) => void;
  buttonClassName?: string;
}) {
  if (total < 2) return null;
  return (
    <div className="flex items-center justify-center gap-1">
      <button
        type="button"
        aria-label={t.previousImage}
        title={t.previousImage}
        onClick={() => onStep(-1)}
        className={cn(iconButton, buttonClassName)}
      >
        <ViewerIcon path={ICONS.previous} />
      </button>
      <span className="min-w-8 text-center text-sm text-muted tabular-nums" aria-live="polite">
        {current + 1} / {total}
      </span>
      <button
        type="button"
        aria-label={t.nextImage}
        title={t.nextImage}
        onClick={() => onStep(1)}
        className={cn(iconButton, buttonClassName)}
      >
        <ViewerIcon path={ICONS.next} />
      </button>
    </div>
  );
}

/** Zoom in, the level, zoom out (spec §2 right buttons). */
export function ZoomButtons({
  zoom,
  onStep,
  buttonClassName,
}: {
  zoom: number;
  onStep: (step: 1 | -1) => void;
  buttonClassName?: string;
}) {
  return (
    <>
      <button
        type="button"
        aria-label={t.zoomIn}
        title={t.zoomIn}
        disabled={zoom >= ZOOM_LEVELS.length - 1}
        onClick={() => onStep(1)}
        className={cn(iconButton, buttonClassName)}
      >
        <ViewerIcon path={ICONS.zoomIn} />
      </button>
      <span
        className="text-xs font-semibold text-muted tabular-nums"
        aria-live="polite"
        aria-label={t.zoomLevel(zoom + 1, ZOOM_LEVELS.length)}
      >
        {zoom + 1}/{ZOOM_LEVELS.length}
      </span>
      <button
        type="button"
        aria-label={t.zoomOut}
        title={t.zoomOut}
        disabled={zoom === 0}
        onClick={() => onStep(-1)}
        className={cn(iconButton, buttonClassName)}
      >
        <ViewerIcon path={ICONS.zoomOut} />
      </button>
    </>
  );
}

/** Focus is in a field: the viewer's single-key shortcuts (arrows, +/-) leave the key to it. */
export const isTyping = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.closest("input, select, textarea, [role=combobox], [role=listbox]") !== null || target.isContentEditable);
