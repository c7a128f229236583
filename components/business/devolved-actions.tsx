"use client";

import { Download, RotateCcw, Trash2 } from "lucide-react";
import type { ReturnedDocument } from "@/lib/api/business";
import { businessDevolvedMessages } from "@/lib/i18n/sections/businessDevolved";
import { cn } from "@/components/ui/cn";

const t = businessDevolvedMessages;

/** A returned document's restore, download and delete, in its row and in the preview's header. */
type ActionsProps = { doc: ReturnedDocument; busy: boolean; onRestore: () => void; onRemove: () => void };

export function DocumentActions({ doc, busy, onRestore, onRemove }: ActionsProps) {
  return (
    <div className="flex shrink-0 items-center gap-0.25">
      <button
        type="button"
        onClick={onRestore}
        disabled={busy}
        aria-label={t.restoreNamed(doc.name)}
        title={t.restore}
        className={iconButton}
        data-testid="devolved-restore"
      >
        <RotateCcw className="size-2.5" aria-hidden="true" />
      </button>
      <a
        href={doc.url}
        download={doc.name.replace(/[\\/:*?"<>|]/g, "-")}
        aria-label={t.downloadNamed(doc.name)}
        title={t.download}
        className={iconButton}
        data-testid="devolved-download"
      >
        <Download className="size-2.5" aria-hidden="true" />
      </a>
      <button
        type="button"
        onClick={onRemove}
        disabled={busy}
        aria-label={t.removeNamed(doc.name)}
        title={t.remove}
        className={cn(iconButton, "text-danger hover:bg-danger-soft hover:text-danger")}
        data-testid="devolved-remove"
      >
        <Trash2 className="size-2.5" aria-hidden="true" />
      </button>
    </div>
  );
}

const iconButton =
  "grid size-5.5 shrink-0 cursor-pointer place-items-center rounded-theme " +
  "text-muted hover:bg-surface-2 hover:text-fg " +
  "disabled:cursor-wait disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-primary";
