"use client";

import { ChevronLeft, ChevronRight, ZoomIn, ZoomOut } from "lucide-react";
import { viewerMessages } from "@/lib/i18n/sections/viewer";
import { ZOOM_LEVELS } from "@/components/blocks/block-form-rules";
import { ImageStage } from "@/components/blocks/image-stage";
import { useImageNavigation } from "@/components/blocks/use-image-navigation";
import { cn } from "@/components/ui/cn";

const t = viewerMessages;

export type DocumentsPreviewProps = {
  urls: readonly string[];
  /** Same order as urls; a missing thumbnail falls back to the image. */
  thumbs?: readonly string[];
  /** The accessible name of the thumbnail strip. */
  label?: string;
  className?: string;
  /** The stage's height class (it fills the rest otherwise). */
  stageClassName?: string;
};

/**
 * A read-only preview of a block's (or one document's) images for the business screens: the viewer's
 * ImageStage (3 zoom levels, wheel, drag to pan), zoom buttons, previous/next and a row of thumbnails.
 * Keyboard: ←/→ images, + and − zoom, while focus is inside.
 */
export function DocumentsPreview({
  urls,
  thumbs = [],
  label = t.images,
  className,
  stageClassName,
}: DocumentsPreviewProps) {
  const total = urls.length;
  const { current, zoom, show, go, zoomStep, onKeyDown } = useImageNavigation(total);

  if (total === 0)
    return <div className={cn("grid place-items-center text-sm text-muted", className)}>{t.noImages}</div>;
  return (
    <div className={cn("flex min-h-0 min-w-0 flex-col gap-1", className)} onKeyDown={onKeyDown}>
      <div className="relative flex min-h-0 flex-1">
        <ImageStage
          url={urls[current]}
          alt={t.image(current + 1, total)}
          zoom={zoom}
          onZoomStep={zoomStep}
          className={cn("flex-1", stageClassName)}
        />
        <div
          className={
            "absolute top-1 right-1 flex flex-col gap-0.5 rounded-theme border border-border" +
            " bg-surface/90 p-0.25 shadow-sm"
          }
        >
          <button
            type="button"
            aria-label={t.zoomIn}
            title={t.zoomIn}
            disabled={zoom >= ZOOM_LEVELS.length - 1}
            onClick={() => zoomStep(1)}
            className={iconButton}
          >
            <ZoomIn {...ICON} />
          </button>
          <button
            type="button"
            aria-label={t.zoomOut}
            title={t.zoomOut}
            disabled={zoom === 0}
            onClick={() => zoomStep(-1)}
            className={iconButton}
          >
            <ZoomOut {...ICON} />
          </button>
        </div>
      </div>
      {total > 1 ? (
        <div className="flex items-center gap-1">
          <button
            type="button"
            aria-label={t.previousImage}
            title={t.previousImage}
            onClick={() => go(-1)}
            className={iconButton}
          >
            <ChevronLeft {...ICON} />
          </button>
          <nav aria-label={label} className="min-w-0 flex-1">
            <ol className="flex gap-0.5 overflow-x-auto p-0.25">
              {urls.map((url, i) => (
                <li key={i} className="shrink-0">
                  <button
                    type="button"
                    aria-label={t.image(i + 1, total)}
                    aria-current={i === current ? "true" : undefined}
                    onClick={() => show(i)}
                    className={cn(
                      "block size-5.5 cursor-pointer overflow-hidden rounded-theme border-2 bg-canvas sm:size-6",
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
          <span className="shrink-0 text-sm text-muted tabular-nums" aria-live="polite">
            {current + 1} / {total}
          </span>
          <button
            type="button"
            aria-label={t.nextImage}
            title={t.nextImage}
            onClick={() => go(1)}
            className={iconButton}
          >
            <ChevronRight {...ICON} />
          </button>
        </div>
      ) : null}
    </div>
  );
}

const iconButton =
  "grid size-5.5 shrink-0 cursor-pointer place-items-center rounded-theme text-muted" +
  " hover:bg-surface-2 hover:text-fg disabled:cursor-not-allowed disabled:opacity-40" +
  " focus-visible:outline-2 focus-visible:outline-primary";

const ICON = { "aria-hidden": true, className: "size-2.5" } as const;
