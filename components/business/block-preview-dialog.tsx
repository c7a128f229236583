"use client";

import type { Block } from "@/lib/contract/blocks";
import { formatDate, formatTime } from "@/lib/format/dates";
import { businessHomeMessages } from "@/lib/i18n/sections/businessHome";
import { viewerMessages } from "@/lib/i18n/sections/viewer";
import { readingOf } from "@/lib/fiscal/reading-view";
import { blockCardDate, blockCardValue } from "@/components/blocks/block-card-format";
import { ReadingCard } from "@/components/blocks/reading-card";
import { Dialog, DialogCloseButton, DialogTitle } from "@/components/ui/dialog";
import { DocumentsPreview } from "./documents-preview";

const t = viewerMessages;
const b = businessHomeMessages;

export type BlockPreviewDialogProps = {
  block: Block | null;
  /** 'code - description' of the block's account, when the page knows it. */
  accountLabel: string | null;
  onClose: () => void;
};

/**
 * The business home's block, read-only (a client company sees its blocks; categorising is the office's):
 * the images from the block's own signed URLs (no extra call) and its payment date, value, account and
 * contabilisation. A phone gets the whole screen; from md up a dialog with a margin.
 */
export function BlockPreviewDialog({ block, accountLabel, onClose }: BlockPreviewDialogProps) {
  return (
    <Dialog
      open={block !== null}
      onOpenChange={(open) => open || onClose()}
      variant="sheet"
      data-testid="business-block-dialog"
      className={
        "inset-0 h-dvh w-full overflow-hidden shadow-2xl md:inset-auto md:top-1/2 md:left-1/2" +
        " md:h-[calc(100dvh-32px)] md:max-h-[860px] md:w-[calc(100%-32px)] md:max-w-[1200px] md:-translate-x-1/2" +
        " md:-translate-y-1/2 md:rounded-theme md:border md:border-border"
      }
    >
      {block ? (
        <>
          <div className="flex shrink-0 items-center gap-1.5 border-b border-border px-2 py-1">
            <div className="flex min-w-0 flex-1 flex-col">
              <DialogTitle className="text-lg leading-tight font-bold">{t.title}</DialogTitle>
              <p className="truncate text-sm text-muted">
                {[block.date ? blockCardDate(block) : t.sentOn(blockCardDate(block)), blockCardValue(block)]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </div>
            <DialogCloseButton label={t.close} size="lg" />
          </div>
          <div className="flex min-h-0 flex-1 flex-col overflow-y-auto md:flex-row md:overflow-hidden">
            <DocumentsPreview
              key={block.id}
              urls={block.documentsUrl}
              thumbs={block.thumbnailsUrl}
              className="min-h-[60dvh] flex-1 p-1 md:min-h-0"
            />
            <aside
              aria-label={t.details}
              className="shrink-0 border-t border-border p-2 md:w-[320px] md:overflow-y-auto md:border-t-0 md:border-l"
            >
              <div className="mb-1.5 empty:hidden">
                <ReadingCard reading={readingOf(block)} />
              </div>
              <dl className="flex flex-col gap-1.5">
                <Detail label={t.paymentDate} value={block.date ? blockCardDate(block) : null} />
                <Detail label={t.value} value={blockCardValue(block)} />
                <Detail label={t.account} value={accountLabel} />
                <Detail
                  label={b.sentAt}
                  value={`${formatDate(block.sentDatetime)} ${formatTime(block.sentDatetime)}`}
                />
                <Detail
                  label={t.contabilized}
                  value={
                    block.contabilizedDatetime
                      ? `${formatDate(block.contabilizedDatetime)} ${formatTime(block.contabilizedDatetime)}`
                      : b.notContabilized
                  }
                />
              </dl>
            </aside>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex flex-col gap-0.25">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="rounded-theme bg-surface-2 px-1.5 py-1 text-[15px] break-words">
        {value ?? <span className="text-muted">{b.notCategorized}</span>}
      </dd>
    </div>
  );
}
