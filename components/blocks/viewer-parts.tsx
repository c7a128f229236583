"use client";

import { viewerMessages } from "@/lib/i18n/sections/viewer";
import { cn } from "@/components/ui/cn";
import { ZOOM_LEVELS } from "./block-form-rules";

// Pieces of the block viewer that the dialog (block-viewer.tsx) and the categorization screen share:
// the thumbnail strip, the image arrows, the zoom buttons and the icon button look.

const t = viewerMessages;

export const iconButton =
  "grid size-4 shrink-0 cursor-pointer place-items-center rounded-theme text-muted hover:bg-surface-2 hover:text-fg disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-primary";

export function ViewerIcon({ path, className }: { path: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={cn("size-2.5", className)}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d={path} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export const ICONS = {
  close: "M6 6l12 12M18 6L6 18",
  previous: "M15 6l-6 6 6 6",
  next: "M9 6l6 6-6 6",
  zoomIn: "M11 8v6M8 11h6M20 20l-4.35-4.35M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z",
  zoomOut: "M8 11h6M20 20l-4.35-4.35M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z",
  devolve: "M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11",
  report: "M12 9v4M12 17h.01M10.3 3.9L2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z",
} as const;

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
