"use client";

import { useRef, type ChangeEvent } from "react";
import { MAX_BLOCK_IMAGES } from "@/lib/constants";
import { messages } from "@/lib/i18n/messages";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Icon, type IconName } from "./icons";
import { currentItem, type Selection } from "./selection";

const t = messages.business.panel;

export type PreviewStripProps = {
  selection: Selection;
  /** Photos still being downscaled (shown as placeholders in the strip). */
  preparing: number;
  /** No more can be added (13 selected, or a send in flight). */
  addDisabled: boolean;
  /** A send is in flight: the selection stays as it is. */
  locked: boolean;
  notice: string | null;
  onChoose: (key: string) => void;
  onRemove: (key: string) => void;
  onFiles: (files: File[]) => void;
  className?: string;
};

/** The chosen image large, then the strip of the selected ones with the add buttons (spec §2). */
export function PreviewStrip({ selection, preparing, addDisabled, locked, notice, onChoose, onRemove, onFiles, className }: PreviewStripProps) {
  const item = currentItem(selection);
  const total = selection.items.length;
  const position = item ? selection.items.indexOf(item) + 1 : 0;
  const source = item ? (item.kind === "new" ? item.dataUrl : item.url) : null;

  return (
    <section aria-labelledby="panel-preview" className={cn("flex min-w-0 flex-col gap-1.5 rounded-theme border border-border bg-surface p-1.5 sm:p-2", className)}>
      <h2 id="panel-preview" className="sr-only">
        {t.preview}
      </h2>
      <figure className="grid h-[min(46vh,360px)] place-items-center overflow-hidden rounded-theme bg-surface-2 sm:h-[min(52vh,480px)] lg:h-[min(58vh,560px)]">
        {source ? (
          // eslint-disable-next-line @next/next/no-img-element -- a local data URL or a signed, expiring link
          <img key={item?.key} src={source} alt={t.image(position, total)} className="max-h-full max-w-full object-contain" />
        ) : (
          <figcaption className="px-2 text-center text-sm text-muted">{t.noPreview}</figcaption>
        )}
      </figure>
      {item ? (
        <div className="flex items-center justify-between gap-1">
          <p className="text-sm font-semibold text-muted">{t.image(position, total)}</p>
          <Button variant="secondary" className="h-5.5" disabled={locked} onClick={() => onRemove(item.key)}>
            <Icon name="close" className="size-2" />
            {t.deselect}
          </Button>
        </div>
      ) : null}
      <div className="flex items-baseline justify-between gap-1">
        <h3 className="text-sm font-semibold">{t.strip}</h3>
        <p className="text-sm text-muted tabular-nums">{t.selected(total, MAX_BLOCK_IMAGES)}</p>
      </div>
      <ul aria-label={t.strip} className="flex flex-wrap gap-1">
        <AddButtons disabled={addDisabled} onFiles={onFiles} />
        {selection.items.map((selected, index) => (
          <li key={selected.key}>
            <button
              type="button"
              onClick={() => onChoose(selected.key)}
              aria-label={t.image(index + 1, total)}
              aria-current={selected.key === item?.key ? "true" : undefined}
              className={cn(
                "block size-7 cursor-pointer overflow-hidden rounded-theme border-2 bg-surface-2 sm:size-8",
                selected.key === item?.key ? "border-primary" : "border-transparent hover:border-border-strong",
              )}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- a local data URL or a signed, expiring link */}
              <img src={selected.thumbUrl} alt="" className="size-full object-cover" />
            </button>
          </li>
        ))}
        {Array.from({ length: preparing }, (_, index) => (
          <li key={`preparing-${index}`} aria-hidden="true" className="size-7 animate-pulse rounded-theme bg-surface-2 sm:size-8" />
        ))}
      </ul>
      <div aria-live="polite" className="text-sm empty:hidden">
        {preparing > 0 ? <p className="text-muted">{t.preparing}</p> : null}
        {notice ? <p className="font-semibold text-status-pendency">{notice}</p> : null}
      </div>
    </section>
  );
}

function AddTile({ icon, label, disabled, onClick }: { icon: IconName; label: string; disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={onClick}
      className="flex h-7 w-9 cursor-pointer flex-col items-center justify-center gap-0.25 rounded-theme border-2 border-dashed border-border-strong px-0.5 text-center text-[11px] leading-tight font-semibold text-primary hover:bg-primary-soft disabled:cursor-not-allowed disabled:text-muted disabled:hover:bg-transparent sm:h-8 sm:w-10"
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
        <input ref={files} type="file" accept="image/*" multiple tabIndex={-1} aria-hidden="true" data-testid="panel-files" onChange={take} />
        <input ref={camera} type="file" accept="image/*" capture="environment" tabIndex={-1} aria-hidden="true" data-testid="panel-camera" onChange={take} />
      </li>
    </>
  );
}
