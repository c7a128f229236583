"use client";

import { useId, useState, type JSX } from "react";
import { ChevronDown } from "lucide-react";
import { useBlockHistory } from "@/lib/api/history";
import { historyMessages } from "@/lib/i18n/sections/history";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Spinner } from "@/components/ui/spinner";
import { HistoryEntryView } from "./history-entry";

const t = historyMessages;

/**
 * The viewer's 'Histórico': a disclosure under the block's form. Its entries (oldest first) are asked
 * when it is first opened, and again after any write to the client's blocks while it stays open.
 */
export function BlockHistory({ clientId, blockId }: { clientId: number; blockId: number }): JSX.Element {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const history = useBlockHistory(clientId, blockId, open);
  return (
    <section aria-label={t.title} className="mt-2 border-t border-border pt-1">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen(!open)}
          className={
            "flex h-5 w-full cursor-pointer items-center justify-between rounded-theme px-1 text-sm font-semibold" +
            " text-fg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary"
          }
        >
          {t.title}
          <ChevronDown aria-hidden className={cn("size-2 transition-transform", open && "rotate-180")} />
        </button>
      </h3>
      <div id={regionId} hidden={!open} className="px-1 pt-1">
        {!open ? null : history.isPending ? (
          <p className="flex items-center gap-1 text-sm text-muted">
            <Spinner className="text-primary" />
            {t.loading}
          </p>
        ) : history.isError ? (
          <div role="alert" className="flex flex-col items-start gap-1 text-sm text-danger">
            {t.failed}
            <Button variant="secondary" onClick={() => history.refetch()}>
              {t.retry}
            </Button>
          </div>
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted">{t.empty}</p>
        ) : (
          <ol className="flex flex-col gap-1.5 border-l-2 border-border pl-1.5">
            {history.data.map((entry, index) => (
              <li key={`${entry.kind}-${entry.at}-${index}`}>
                <HistoryEntryView entry={entry} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
