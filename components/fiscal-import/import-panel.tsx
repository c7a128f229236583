"use client";

import type { ReactNode } from "react";
import { useEffect, useRef, useState } from "react";
import { useImportFiles, type ImportState } from "@/lib/api/block-import";
import { isImportable } from "@/lib/fiscal/import-batches";
import { fiscalImportMessages } from "@/lib/i18n/sections/fiscalImport";
import { Button } from "@/components/ui/button";
import { DropZone } from "./drop-zone";
import { ImportResults, summaryLine, type BlockAction } from "./import-results";

const t = fiscalImportMessages;

export type ImportPanelProps = {
  /** The office operator's client; absent, the business user's own company. */
  clientId?: number;
  /** A result's block: a link to it, or a button opening it. */
  blockAction?: BlockAction;
  /** After the results (e.g. 'Categorizar agora'). */
  after?: ReactNode;
  /** Narrow place (the drawer): a smaller drop zone. */
  compact?: boolean;
};

/**
 * 'Importar XML', on the business route and in the client detail's drawer: pick or drop XMLs and ZIPs,
 * the progress over all their requests, then the summary and each file's result.
 */
export function ImportPanel({ clientId, blockAction, after, compact }: ImportPanelProps) {
  const { state, start, cancel, reset } = useImportFiles(clientId);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [again, setAgain] = useState(false);
  const busy = state.phase !== "idle" && state.phase !== "done";
  // The drop zone (or Cancelar) that had the focus is gone once the import ends: the summary takes it.
  const summary = useRef<HTMLParagraphElement>(null);
  const done = state.phase === "done";
  useEffect(() => {
    if (done) summary.current?.focus();
  }, [done]);
  const onFiles = (files: File[]) => {
    setSkipped(files.filter((file) => !isImportable(file)).map((file) => file.name));
    const chosen = files.filter(isImportable);
    if (chosen.length > 0) void start(chosen);
  };

  return (
    <div className="flex flex-col gap-1.5" data-testid="import-panel">
      {state.phase === "idle" ? <DropZone onFiles={onFiles} compact={compact} autoFocus={again} /> : null}
      {busy ? <Progress state={state} onCancel={cancel} /> : null}
      {skipped.length > 0 ? (
        <p role="alert" className="text-sm text-danger">
          {t.onlyXmlZip(skipped.join(", "))}
        </p>
      ) : null}
      {state.phase === "done" ? (
        <>
          <p
            ref={summary}
            tabIndex={-1}
            role="status"
            data-testid="import-summary"
            className="rounded-theme bg-surface-2 px-1.5 py-1 text-base font-semibold outline-none"
          >
            {summaryLine(state.results)}
          </p>
          {state.cancelled ? <p className="text-sm text-muted">{t.cancelled}</p> : null}
          {state.error ? (
            <p role="alert" className="rounded-theme bg-danger-soft px-1.5 py-1 text-sm text-danger">
              {state.error.message}
              {state.error.notSent.length > 0 ? (
                <>
                  <br />
                  {t.failed(state.error.notSent.length)}
                  {state.error.notSent.join(", ")}
                </>
              ) : null}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-1">
            <Button variant="secondary" onClick={() => (reset(), setSkipped([]), setAgain(true))}>
              {t.again}
            </Button>
            {after}
          </div>
          <ImportResults results={state.results} blockAction={blockAction} />
        </>
      ) : null}
    </div>
  );
}

function Progress({ state, onCancel }: { state: ImportState; onCancel: () => void }) {
  const text =
    state.phase === "preparing"
      ? t.preparing
      : state.phase === "reading"
        ? t.reading
        : t.sending(Math.min(state.total, state.answered + 1), state.total);
  return (
    <div className="flex flex-col gap-0.75 rounded-theme border border-border bg-surface p-1.5">
      <div className="flex items-center justify-between gap-1 text-sm">
        <span aria-live="polite" className="font-medium">
          {text}
        </span>
        <span className="text-muted tabular-nums">{state.percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={t.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={state.percent}
        aria-valuetext={`${state.percent}% — ${text}`}
        className="h-1 overflow-hidden rounded-full bg-surface-2"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${state.percent}%` }} />
      </div>
      <Button variant="ghost" className="self-end" onClick={onCancel}>
        {t.cancel}
      </Button>
    </div>
  );
}
