"use client";

import { issueLabel } from "@/lib/constants";
import type { Pendency } from "@/lib/contract/blocks";
import { formatDate, formatTime } from "@/lib/format/dates";
import { clientDetailMessages } from "@/lib/i18n/sections/clientDetail";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Dialog, DialogClose, DialogTitle } from "@/components/ui/dialog";

const t = clientDetailMessages;

export type PendencyDialogProps = { pendency: Pendency | null; onClose: () => void };

/** A pendency's details (the pendencies panel of the client page); loaded on the first open. */
export function PendencyDialog({ pendency, onClose }: PendencyDialogProps) {
  return (
    <Dialog open={pendency !== null} onOpenChange={(open) => open || onClose()} size="lg">
      {pendency ? (
        <>
          <DialogTitle className="text-[24px] leading-tight font-bold">{t.pendencies}</DialogTitle>
          <p className="text-sm text-muted">
            {t.pendencyOpened(formatDate(pendency.date), formatTime(pendency.date))}
            {pendency.solvedDatetime
              ? ` · ${t.pendencySolved(formatDate(pendency.solvedDatetime), formatTime(pendency.solvedDatetime))}`
              : null}
          </p>
          <dl className="flex flex-col gap-1.5">
            <div>
              <dt className="text-xs font-semibold text-muted">{t.problem}</dt>
              <dd className="text-[15px] font-semibold">{issueLabel(pendency.issue)}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold text-muted">{t.observation}</dt>
              <dd className={cn("text-[15px] whitespace-pre-wrap", !pendency.observations && "text-muted")}>
                {pendency.observations || t.noObservation}
              </dd>
            </div>
          </dl>
          {pendency.documentsUrl.length > 0 ? (
            <section aria-label={t.pendencyDocuments} className="flex gap-1 overflow-x-auto pb-0.5">
              {pendency.documentsUrl.map((url, index) => (
                // eslint-disable-next-line @next/next/no-img-element -- signed, expiring URLs
                <img
                  key={url}
                  src={url}
                  alt={`${t.pendencyDocuments} ${index + 1}`}
                  className="h-12 w-9 shrink-0 rounded-theme border border-border bg-surface-2 object-cover"
                />
              ))}
            </section>
          ) : null}
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{t.close}</Button>
            </DialogClose>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
