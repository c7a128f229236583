"use client";

import { useMemo, useState, type CSSProperties } from "react";
import {
  libraryOperatorId,
  useLibraries,
  useLibraryDocuments,
  useRemoveDocument,
  type GalleryDocument,
} from "@/lib/api/block-sender";
import { GALLERY_PER_ROW } from "@/lib/constants";
import { formatDate, formatTime } from "@/lib/format/dates";
import { businessConfirmMessages } from "@/lib/i18n/sections/businessConfirm";
import { businessPanelMessages } from "@/lib/i18n/sections/businessPanel";
import { commonMessages } from "@/lib/i18n/sections/common";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField } from "@/components/ui/select-field";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { useDelayed } from "@/components/ui/use-delayed";
import { Icon } from "./icons";

const t = businessPanelMessages;

export type GalleryProps = {
  /** Keys of the selected images (a gallery document's is galleryKey(id)). */
  isSelected: (documentId: number) => boolean;
  /** Nothing more may be selected (13 reached, or a send in flight). */
  full: boolean;
  locked: boolean;
  onToggle: (document: GalleryDocument) => void;
  /** A document was deleted for good: it leaves the selection too. */
  onRemoved: (documentId: number) => void;
};

/**
 * The gallery (spec §2): the library select ('Minha galeria' first, then colleagues who share theirs),
 * the rescued-documents switch and the grid, GALLERY_PER_ROW per row on a desktop and 3–4 on a phone.
 * Each image selects or deselects; Excluir only on the caller's own deletable documents, after the
 * confirmation of spec §5. A PDF is one tile (its first page, a 'PDF · N páginas' badge): selecting it
 * selects the whole PDF, one entry of the 13; Excluir deletes all its pages.
 */
export function Gallery({ isSelected, full, locked, onToggle, onRemoved }: GalleryProps) {
  const [libraryKey, setLibraryKey] = useState("");
  const [showRescued, setShowRescued] = useState(false);
  const [confirming, setConfirming] = useState<GalleryDocument | null>(null);
  const libraries = useLibraries();
  const documents = useLibraryDocuments(libraryOperatorId(libraryKey));
  const remove = useRemoveDocument();
  const showSpinner = useDelayed(documents.isPending);

  const options = useMemo(
    () =>
      (libraries.data && libraries.data.length > 0 ? libraries.data : [{ key: "", value: t.myGallery }]).map(
        (library) => ({ value: library.key, label: library.value }),
      ),
    [libraries.data],
  );
  const shown = useMemo(
    () => (documents.data ?? []).filter((document) => showRescued || !document.rescued),
    [documents.data, showRescued],
  );

  const confirmRemove = () => {
    if (!confirming) return;
    const { id } = confirming;
    remove.mutate(id, {
      onSuccess: () => onRemoved(id),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <section
      aria-labelledby="panel-gallery"
      className={
        "flex min-w-0 flex-col gap-1.5 rounded-theme border border-border bg-surface " + "p-1.5 sm:p-2 [&_select]:h-5.5"
      }
    >
      <div className="flex flex-wrap items-end justify-between gap-x-2 gap-y-1">
        <h2 id="panel-gallery" className="text-lg font-bold">
          {t.library}
        </h2>
        <div className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 sm:w-auto">
          <SelectField
            label={t.library}
            hideLabel
            options={options}
            value={libraryKey}
            onValueChange={setLibraryKey}
            className="w-full sm:w-[240px]"
          />
          <Switch label={t.rescued} checked={showRescued} onCheckedChange={setShowRescued} className="min-h-5.5" />
        </div>
      </div>
      {remove.isError ? (
        <div
          role="alert"
          className={
            "flex items-center justify-between gap-1 rounded-theme bg-danger-soft px-1.5 py-1 " + "text-sm text-danger"
          }
        >
          <p>{remove.error.message}</p>
          <Button variant="ghost" className="h-5.5" onClick={() => remove.reset()}>
            {t.dismiss}
          </Button>
        </div>
      ) : null}
      {documents.isPending ? (
        showSpinner ? (
          <p role="status" className="flex items-center gap-1 py-2 text-sm text-muted">
            <Spinner /> {commonMessages.loading}
          </p>
        ) : (
          <div className="min-h-12" />
        )
      ) : documents.isError ? (
        <div role="alert" className="flex flex-col items-start gap-1 py-1 text-sm text-danger">
          <p>{t.galleryError}</p>
          <Button variant="secondary" className="h-5.5" onClick={() => void documents.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : shown.length === 0 ? (
        <p className="py-2 text-sm text-muted">{commonMessages.emptyList}</p>
      ) : (
        <ul
          aria-labelledby="panel-gallery"
          style={{ "--per-row": GALLERY_PER_ROW } as CSSProperties}
          className={
            "grid grid-cols-3 gap-1 min-[400px]:grid-cols-4 sm:grid-cols-5 md:grid-cols-6 " +
            "lg:grid-cols-[repeat(var(--per-row),minmax(0,1fr))]"
          }
        >
          {shown.map((document) => (
            <GalleryTile
              key={document.id}
              document={document}
              selected={isSelected(document.id)}
              disabled={locked || (full && !isSelected(document.id))}
              locked={locked}
              onToggle={() => onToggle(document)}
              onRemove={() => setConfirming(document)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? null : setConfirming(null))}
        text={
          confirming?.kind === "pdf"
            ? businessConfirmMessages.removePdf(confirming.pages)
            : businessConfirmMessages.removeDocument
        }
        onConfirm={confirmRemove}
        loading={remove.isPending}
        tone="danger"
      />
    </section>
  );
}

type TileProps = {
  document: GalleryDocument;
  selected: boolean;
  disabled: boolean;
  locked: boolean;
  onToggle: () => void;
  onRemove: () => void;
};

function GalleryTile({ document, selected, disabled, locked, onToggle, onRemove }: TileProps) {
  const date = formatDate(document.date);
  const time = formatTime(document.date);
  const pdf = document.kind === "pdf";
  const name = pdf ? t.pdfDocument(document.fileName, document.pages, date, time) : t.document(date, time);
  return (
    <li className="relative">
      <button
        type="button"
        aria-pressed={selected}
        aria-label={document.rescued ? `${name} (${t.rescuedMark})` : name}
        disabled={disabled}
        onClick={onToggle}
        data-document-id={document.id}
        className={cn(
          "block aspect-square w-full cursor-pointer overflow-hidden rounded-theme border-2 bg-surface-2 " +
            "transition-[border-color,opacity] disabled:cursor-not-allowed disabled:opacity-50",
          selected ? "border-primary" : "border-transparent hover:border-border-strong",
        )}
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- signed, expiring links */}
        <img src={document.thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" />
        {selected ? (
          <span
            aria-hidden="true"
            className={
              "absolute top-0.5 left-0.5 grid size-3 place-items-center rounded-full bg-primary " +
              "text-primary-fg shadow"
            }
          >
            <Icon name="check" className="size-2" />
          </span>
        ) : null}
      </button>
      {/* Outside the button: its name says it all (the badges are not part of it). */}
      {pdf || document.rescued ? (
        <span
          aria-hidden="true"
          className={cn(
            "pointer-events-none absolute inset-x-0.5 bottom-0.5 flex flex-wrap items-end gap-0.5",
            disabled && "opacity-50",
          )}
        >
          {pdf ? (
            <span
              data-pdf-pages={document.pages}
              className={
                "max-w-full rounded-theme bg-black/75 px-0.5 py-0.25 " +
                "text-[10px] leading-tight font-semibold text-white sm:px-0.75 sm:text-[11px]"
              }
            >
              {t.pdfPages(document.pages)}
            </span>
          ) : null}
          {document.rescued ? (
            <span
              className={
                "rounded-full bg-black/65 px-0.75 py-0.25 text-[11px] leading-tight font-semibold " + "text-white"
              }
            >
              {t.rescuedMark}
            </span>
          ) : null}
        </span>
      ) : null}
      {document.deletable ? (
        <button
          type="button"
          aria-label={pdf ? t.removePdf(document.fileName, date, time) : t.removeDocument(date, time)}
          title={t.remove}
          disabled={locked}
          onClick={onRemove}
          className={
            "group absolute top-0 right-0 grid size-5.5 cursor-pointer place-items-center " +
            "rounded-theme disabled:cursor-not-allowed disabled:opacity-50"
          }
        >
          <span
            className={
              "grid size-3.5 place-items-center rounded-full bg-black/65 text-white shadow " +
              "group-hover:bg-danger group-focus-visible:bg-danger"
            }
          >
            <Icon name="trash" className="size-2" />
          </span>
        </button>
      ) : null}
    </li>
  );
}
