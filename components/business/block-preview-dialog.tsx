"use client";

import * as Dialog from "@radix-ui/react-dialog";
import type { Block } from "@/lib/contract/blocks";
import { formatDate, formatTime } from "@/lib/format/dates";
import { businessHomeMessages } from "@/lib/i18n/sections/businessHome";
import { viewerMessages } from "@/lib/i18n/sections/viewer";
import { blockCardDate, blockCardValue } from "@/components/blocks/block-card-format";
import { useReturnFocus } from "@/components/ui/use-return-focus";
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
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={block !== null} onOpenChange={(open) => open || onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[55] bg-black/60" />
        <Dialog.Content
          aria-describedby={undefined}
          {...returnFocus}
          data-testid="business-block-dialog"
          className="fixed inset-0 z-[56] flex h-dvh w-full flex-col overflow-hidden bg-surface shadow-2xl outline-none md:inset-auto md:top-1/2 md:left-1/2 md:h-[calc(100dvh-32px)] md:max-h-[860px] md:w-[calc(100%-32px)] md:max-w-[1200px] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-theme md:border md:border-border"
        >
          {block ? (
            <>
              <div className="flex shrink-0 items-center gap-1.5 border-b border-border px-2 py-1">
                <div className="flex min-w-0 flex-1 flex-col">
                  <Dialog.Title className="text-lg leading-tight font-bold">{t.title}</Dialog.Title>
                  <p className="truncate text-sm text-muted">
                    {[block.date ? blockCardDate(block) : t.sentOn(blockCardDate(block)), blockCardValue(block)]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                </div>
                <Dialog.Close
                  aria-label={t.close}
                  title={t.close}
                  className="grid size-5.5 shrink-0 cursor-pointer place-items-center rounded-theme text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
                >
                  <svg
                    viewBox="0 0 24 24"
                    className="size-2.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    aria-hidden="true"
                  >
                    <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
                  </svg>
                </Dialog.Close>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
