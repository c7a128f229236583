"use client";

import { FileUp } from "lucide-react";
import { useRef, useState, type DragEvent } from "react";
import { fiscalImportMessages } from "@/lib/i18n/sections/fiscalImport";
import { cn } from "@/components/ui/cn";

const t = fiscalImportMessages;

export type DropZoneProps = {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  compact?: boolean;
  /** Shown again by 'Importar mais arquivos': the zone takes the focus that button had. */
  autoFocus?: boolean;
};

/**
 * Where files are picked or dropped. The zone is one button named by its own text (Enter or Space opens
 * the file picker), so
 * the keyboard reaches everything the mouse does; dropping is the pointer's shortcut. The input stays in
 * the page (tests and assistive tools may set its files) but out of the tab order.
 */
export function DropZone({ onFiles, disabled, compact, autoFocus }: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="import-drop-zone"
      className={cn(
        "rounded-theme border-2 border-dashed transition-colors",
        over ? "border-primary bg-primary-soft" : "border-border-strong bg-surface-2/40",
      )}
    >
      <button
        type="button"
        disabled={disabled}
        autoFocus={autoFocus}
        onClick={() => input.current?.click()}
        className={cn(
          "flex w-full cursor-pointer flex-col items-center gap-1 rounded-theme px-2 text-center outline-none" +
            " focus-visible:ring-2 focus-visible:ring-primary disabled:cursor-not-allowed disabled:opacity-60",
          compact ? "py-2" : "py-4",
        )}
      >
        <span className="grid size-6 place-items-center rounded-full bg-primary-soft text-primary">
          <FileUp aria-hidden="true" className="size-3" strokeWidth={1.8} />
        </span>
        <span className="text-base font-semibold">{t.dropTitle}</span>
        <span className="text-sm text-muted">{t.dropHint}</span>
        <span className="mt-0.5 rounded-theme bg-primary px-2 py-0.75 text-sm font-semibold text-primary-fg shadow-sm">
          {t.choose}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept=".xml,.zip,text/xml,application/xml,application/zip"
        multiple
        tabIndex={-1}
        aria-hidden="true"
        data-testid="import-input"
        className="sr-only"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
