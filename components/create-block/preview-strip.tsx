"use client";

import { useEffect, useRef, type ChangeEvent } from "react";
import { MAX_BLOCK_IMAGES } from "@/lib/constants";
import { businessPanelMessages } from "@/lib/i18n/sections/businessPanel";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Icon, type IconName } from "./icons";
import type { QualityReason } from "@/lib/images/quality";
import { currentItem, entryCount, qualityOf, type SelectedImage, type Selection } from "./selection";
import type { Flagged } from "./use-image-intake";

const t = businessPanelMessages;

/** The words of a flagged photo's reasons, in a fixed order. */
export const qualityText = (reasons: readonly QualityReason[]) =>
  (["blurred", "dark", "bright", "small"] as const)
    .filter((reason) => reasons.includes(reason))
    .map((reason) => t.quality[reason])
    .join(" · ");

export type PreviewProps = {
  selection: Selection;
  /** A send is in flight: the selection stays as it is. */
  locked: boolean;
  onRemove: (key: string) => void;
  className?: string;
};

/** The chosen image, large (spec §2 "preview of chosen image"), and the one button that takes it out. */
export function Preview({ selection, locked, onRemove, className }: PreviewProps) {
  const item = currentItem(selection);
  const total = selection.items.length;
  const position = item ? selection.items.indexOf(item) + 1 : 0;
  const pdf = item?.kind === "new" && item.pdf ? item : null;
  const source = item && !pdf ? (item.kind === "new" ? item.dataUrl : item.url) : null;
  // A gallery PDF: its first page is shown, its badge says how many go.
  const galleryPdf = item?.kind === "gallery" && item.pages !== undefined ? item : null;

  return (
    <section
      aria-labelledby="panel-preview"
      className={cn(
        "flex min-w-0 flex-col gap-1.5 rounded-theme border border-border bg-surface p-1.5 sm:p-2",
        className,
      )}
    >
      <h2 id="panel-preview" className="sr-only">
        {t.preview}
      </h2>
      <figure
        className={cn(
          "relative grid place-items-center overflow-hidden rounded-theme bg-surface-2",
          // empty, a phone keeps the room for what matters; the desktop keeps its frame
          source || pdf ? "h-[min(46vh,380px)]" : "h-16",
          "sm:h-[min(52vh,480px)] lg:h-[min(64vh,620px)]",
        )}
      >
        {source ? (
          <>
            {/* eslint-disable-next-line @next/next/no-img-element -- a local data URL or a signed, expiring link */}
            <img
              key={item?.key}
              src={source}
              alt={t.image(position, total)}
              className="absolute inset-0 size-full object-contain"
            />
            <span
              aria-hidden="true"
              className={
                "absolute top-1 left-1 rounded-full bg-black/65 px-1 py-0.25 text-xs " +
                "font-semibold text-white tabular-nums"
              }
            >
              {t.image(position, total)}
            </span>
            {galleryPdf ? (
              <figcaption
                className={
                  "absolute right-1 bottom-1 left-1 flex flex-wrap items-center gap-x-1 gap-y-0.25 rounded-theme " +
                  "bg-black/75 px-1 py-0.5 text-sm text-white"
                }
              >
                <Icon name="pdf" className="size-2" />
                <span className="font-semibold break-all">{t.pdfEntry(galleryPdf.name, galleryPdf.pages ?? 1)}</span>
                <span>{t.pdfGalleryPreview(galleryPdf.pages ?? 1)}</span>
              </figcaption>
            ) : null}
          </>
        ) : pdf ? (
          <div className="flex max-w-full flex-col items-center gap-1 px-2 text-center">
            <Icon name="pdf" className="size-10 text-primary" />
            <figcaption className="max-w-full font-semibold break-all">{t.pdf(pdf.name ?? t.pdfUnnamed)}</figcaption>
            <p className="text-sm text-muted">{t.pdfPreview}</p>
          </div>
        ) : (
          <figcaption className="px-2 text-center text-sm text-muted">{t.noPreview}</figcaption>
        )}
      </figure>
      {item ? (
        <div className="flex justify-end">
          <Button
            variant="secondary"
            className="h-5.5 w-full sm:w-auto"
            disabled={locked}
            onClick={() => onRemove(item.key)}
          >
            <Icon name="close" className="size-2" />
            {t.deselect}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

export type StripProps = {
  selection: Selection;
  /** Photos still being downscaled (shown as placeholders). */
  preparing: number;
  /** No more can be added (13 selected, or a send in flight). */
  addDisabled: boolean;
  notice: string | null;
  /** The last photo the quality check flagged: announced. */
  flagged: Flagged | null;
  /** Photos being replaced ('Tirar outra'): their new file is being prepared. */
  replacing: readonly string[];
  /** A send is in flight: no photo is replaced. */
  locked: boolean;
  onChoose: (key: string) => void;
  onFiles: (files: File[]) => void;
  onReplace: (key: string, file: File) => void;
  className?: string;
};

/** The selected images with the add buttons first (spec §2 "strip of selected images with add button"). */
export function Strip({
  selection,
  preparing,
  addDisabled,
  notice,
  flagged,
  replacing,
  locked,
  onChoose,
  onFiles,
  onReplace,
  className,
}: StripProps) {
  const item = currentItem(selection);
  const total = selection.items.length;
  // 'Tirar outra': one camera input for the strip, told which photo it replaces.
  const retake = useRef<HTMLInputElement>(null);
  const retaking = useRef<string | null>(null);
  // Once the new photo is in, the focus goes to its thumbnail ('Tirar outra' itself has gone).
  const list = useRef<HTMLUListElement>(null);
  const refocus = useRef<number | null>(null);
  useEffect(() => {
    if (refocus.current === null || replacing.length > 0) return;
    list.current?.querySelectorAll<HTMLButtonElement>("[data-thumbnail]")[refocus.current]?.focus();
    refocus.current = null;
  }, [selection, replacing]);
  const flaggedAt = flagged ? selection.items.findIndex((other) => other.key === flagged.key) : -1;
  // The 13 count entries: a PDF already in the pending block is one, whatever its pages.
  const entries = entryCount(selection);
  return (
    <section
      aria-labelledby="panel-strip"
      className={cn(
        "flex min-w-0 flex-col gap-1 rounded-theme border border-border bg-surface p-1.5 sm:p-2",
        className,
      )}
    >
      <div className="flex items-baseline justify-between gap-1">
        <h2 id="panel-strip" className="text-sm font-semibold">
          {t.strip}
        </h2>
        <p className="text-sm text-muted tabular-nums">{t.selected(entries, MAX_BLOCK_IMAGES)}</p>
      </div>
      <ul ref={list} aria-labelledby="panel-strip" className="flex flex-wrap gap-1">
        <AddButtons disabled={addDisabled} onFiles={onFiles} />
        {selection.items.map((selected, index) => (
          <StripItem
            key={selected.key}
            selected={selected}
            label={t.image(index + 1, total)}
            retakeLabel={t.retakeLabel(index + 1, total)}
            current={selected.key === item?.key}
            replacing={replacing.includes(selected.key)}
            locked={locked}
            onChoose={() => onChoose(selected.key)}
            onRetake={() => {
              retaking.current = selected.key;
              retake.current?.click();
            }}
          />
        ))}
        {Array.from({ length: preparing }, (_, index) => (
          <li
            key={`preparing-${index}`}
            aria-hidden="true"
            className="size-7 animate-pulse rounded-theme bg-surface-2 sm:size-8"
          />
        ))}
      </ul>
      <input
        ref={retake}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="panel-retake"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ""; // the same file may be chosen again later
          if (file && retaking.current) {
            refocus.current = selection.items.findIndex((other) => other.key === retaking.current);
            onReplace(retaking.current, file);
          }
          retaking.current = null;
        }}
      />
      <p aria-live="polite" className="sr-only">
        {flagged && flaggedAt >= 0 && qualityOf(selection.items[flaggedAt]).length > 0
          ? t.flaggedAnnouncement(flaggedAt + 1, total, qualityText(flagged.reasons))
          : null}
      </p>
      <div aria-live="polite" className="text-sm empty:hidden">
        {preparing > 0 ? <p className="text-muted">{t.preparing}</p> : null}
        {notice ? (
          <p className="font-semibold text-fg">{notice}</p>
        ) : entries >= MAX_BLOCK_IMAGES ? (
          <p className="text-muted">{t.limitReached(MAX_BLOCK_IMAGES)}</p>
        ) : null}
      </div>
    </section>
  );
}

/**
 * One image of the strip: its thumbnail, which puts it in the preview; a photo the quality check flagged
 * also says why, in words, and offers 'Tirar outra' (the photo stays selected and is sent if kept).
 */
function StripItem({
  selected,
  label,
  retakeLabel,
  current,
  replacing,
  locked,
  onChoose,
  onRetake,
}: {
  selected: SelectedImage;
  label: string;
  retakeLabel: string;
  current: boolean;
  replacing: boolean;
  locked: boolean;
  onChoose: () => void;
  onRetake: () => void;
}) {
  const pdf = selected.kind === "new" && selected.pdf ? selected : null;
  const galleryPdf = selected.kind === "gallery" && selected.pages !== undefined ? selected : null;
  const reasons = qualityOf(selected);
  const flagged = reasons.length > 0;
  const reasonId = `quality-${selected.key}`;
  const thumbnail = (
    <button
      type="button"
      data-thumbnail
      onClick={onChoose}
      aria-label={
        pdf
          ? `${label}: ${t.pdf(pdf.name ?? t.pdfUnnamed)}`
          : galleryPdf
            ? `${label}: ${t.pdfEntry(galleryPdf.name, galleryPdf.pages ?? 1)}`
            : label
      }
      aria-current={current ? "true" : undefined}
      aria-describedby={flagged ? reasonId : undefined}
      className={cn(
        "relative block cursor-pointer overflow-hidden rounded-theme border-2 bg-surface-2",
        flagged ? "h-7 w-full sm:h-8" : "size-7 sm:size-8",
        current ? "border-primary" : "border-transparent hover:border-border-strong",
        replacing && "animate-pulse",
      )}
    >
      {pdf ? (
        <span className="flex size-full flex-col items-center justify-center gap-0.25 p-0.25 text-primary">
          <Icon name="pdf" className="size-3" />
          <span className="w-full truncate text-center text-[10px] leading-tight text-fg">{pdf.name ?? "PDF"}</span>
        </span>
      ) : (
        // eslint-disable-next-line @next/next/no-img-element -- a local data URL or a signed, expiring link
        <img src={selected.thumbUrl} alt="" className="size-full object-cover" />
      )}
      {galleryPdf ? (
        <span
          aria-hidden="true"
          className={
            "absolute right-0.25 bottom-0.25 inline-flex items-center gap-0.25 rounded-full bg-black/75 " +
            "px-0.5 text-[10px] leading-tight font-semibold text-white tabular-nums"
          }
        >
          <Icon name="pdf" className="size-1.5" />
          {galleryPdf.pages}
        </span>
      ) : null}
      {flagged ? (
        <span
          aria-hidden="true"
          className="absolute top-0.25 right-0.25 grid size-2.5 place-items-center rounded-full bg-black/70 text-white"
        >
          <Icon name="warning" className="size-1.75" />
        </span>
      ) : null}
    </button>
  );
  if (!flagged) return <li>{thumbnail}</li>;
  return (
    <li className="flex w-11 flex-col gap-0.5 sm:w-12">
      {thumbnail}
      <p id={reasonId} className="text-xs leading-tight font-semibold text-fg">
        {qualityText(reasons)}
      </p>
      <button
        type="button"
        onClick={onRetake}
        disabled={locked || replacing}
        aria-label={retakeLabel}
        className={
          "inline-flex min-h-5 cursor-pointer items-center justify-center rounded-theme border " +
          "border-border-strong px-0.5 text-xs font-semibold whitespace-nowrap text-primary " +
          "hover:bg-primary-soft disabled:cursor-not-allowed disabled:text-muted disabled:hover:bg-transparent"
        }
      >
        {t.retake}
      </button>
    </li>
  );
}

function AddTile({
  icon,
  label,
  disabled,
  onClick,
}: {
  icon: IconName;
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={onClick}
      className={
        "flex h-7 w-9 cursor-pointer flex-col items-center justify-center gap-0.25 " +
        "rounded-theme border-2 border-dashed border-border-strong px-0.5 text-center " +
        "text-[11px] leading-tight font-semibold text-primary hover:bg-primary-soft " +
        "disabled:cursor-not-allowed disabled:text-muted disabled:hover:bg-transparent " +
        "sm:h-8 sm:w-10"
      }
    >
      <Icon name={icon} />
      {label}
    </button>
  );
}

/**
 * The add button. On a phone (a touch screen, or narrower than 640 px), two: the camera and the files;
 * with a mouse on a wider screen, one that opens the files (a desktop has no camera worth offering).
 * Which shows is CSS (pointer and width media queries).
 */
function AddButtons({ disabled, onFiles }: { disabled: boolean; onFiles: (files: File[]) => void }) {
  const files = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const take = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = ""; // the same file may be chosen again later
    onFiles(chosen);
  };
  return (
    <>
      <li className="flex gap-1 sm:not-pointer-coarse:hidden">
        <AddTile icon="camera" label={t.camera} disabled={disabled} onClick={() => camera.current?.click()} />
        <AddTile icon="files" label={t.files} disabled={disabled} onClick={() => files.current?.click()} />
      </li>
      <li className="hidden sm:not-pointer-coarse:block">
        <AddTile icon="plus" label={t.add} disabled={disabled} onClick={() => files.current?.click()} />
      </li>
      <li hidden>
        <input
          ref={files}
          type="file"
          accept="image/*,application/pdf"
          multiple
          tabIndex={-1}
          aria-hidden="true"
          data-testid="panel-files"
          onChange={take}
        />
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="panel-camera"
          onChange={take}
        />
      </li>
    </>
  );
}
