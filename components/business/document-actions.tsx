"use client";

import type { ReturnedDocument } from "@/lib/api/business";
import { businessDevolvedMessages } from "@/lib/i18n/sections/businessDevolved";
import { cn } from "@/components/ui/cn";

const t = businessDevolvedMessages;

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
        <Icon path="M4 12a8 8 0 1 0 2.3-5.6M4 4v4.5h4.5" />
      </button>
      <a
        href={doc.url}
        download={doc.name.replace(/[\\/:*?"<>|]/g, "-")}
        aria-label={t.downloadNamed(doc.name)}
        title={t.download}
        className={iconButton}
        data-testid="devolved-download"
      >
        <Icon path="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 20h14" />
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
        <Icon path="M5 7h14M10 7V4.5h4V7M7 7l1 13h8l1-13M10.5 11v5.5M13.5 11v5.5" />
      </button>
    </div>
  );
}

const iconButton =
  "grid size-5.5 shrink-0 cursor-pointer place-items-center rounded-theme text-muted hover:bg-surface-2 hover:text-fg disabled:cursor-wait disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-primary";

export function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" className="size-2.5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={path} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
