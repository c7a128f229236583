"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { Block } from "@/lib/contract/blocks";
import { contabilizationMobileMessages } from "@/lib/i18n/sections/contabilizationMobile";
import { blockDate, blockValue, contabilizedWhen } from "./format";

const t = contabilizationMobileMessages;

/** The next block: Data and Valor, and its documents (the first large, the others to tap). */
export function NextBlock({ block }: { block: Block }) {
  const [shown, setShown] = useState(0);
  const count = block.documentsUrl.length;
  const url = block.documentsUrl[shown] ?? block.documentsUrl[0];
  return (
    <div className="flex flex-col gap-1.5" data-testid="mobile-next-block" data-block-id={block.id}>
      <dl className="grid grid-cols-2 gap-1">
        <div className="rounded-theme bg-surface-2 px-1.5 py-1">
          <dt className="text-xs font-semibold text-muted">{t.date}</dt>
          <dd className="text-[15px] font-semibold tabular-nums">{blockDate(block)}</dd>
        </div>
        <div className="rounded-theme bg-surface-2 px-1.5 py-1">
          <dt className="text-xs font-semibold text-muted">{t.value}</dt>
          <dd className="text-[15px] font-semibold tabular-nums">{blockValue(block)}</dd>
        </div>
      </dl>
      {url ? (
        // eslint-disable-next-line @next/next/no-img-element -- signed, expiring URLs: next/image would cache them
        <img
          src={url}
          alt={t.documentOf(shown + 1, count)}
          className="max-h-[52dvh] w-full rounded-theme border border-border bg-surface-2 object-contain"
        />
      ) : null}
      {count > 1 ? (
        <ul aria-label={t.documents} className="flex gap-1 overflow-x-auto pb-0.5">
          {block.thumbnailsUrl.map((thumb, i) => (
            <li key={thumb}>
              <button
                type="button"
                aria-label={t.showDocument(i + 1, count)}
                aria-pressed={i === shown}
                onClick={() => setShown(i)}
                className={cn(
                  "block size-6 cursor-pointer overflow-hidden rounded-theme border-2",
                  i === shown ? "border-primary" : "border-transparent",
                )}
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- signed, expiring URLs */}
                <img src={thumb} alt="" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The month's last posted blocks, each with the desk's two-step Desfazer (tap, then Confirmar). */
export function LastContabilized({
  blocks,
  undoing,
  disabled,
  onUndo,
}: {
  blocks: Block[];
  undoing: number | null;
  disabled: boolean;
  onUndo: (blockId: number) => void;
}) {
  const [armed, setArmed] = useState<number | null>(null);
  if (blocks.length === 0) return null;
  return (
    <section aria-labelledby="mobile-last" className="flex flex-col gap-1">
      <h2 id="mobile-last" className="text-sm font-semibold text-muted">
        {t.lastContabilized}
      </h2>
      <ul className="flex flex-col gap-1" data-testid="mobile-last">
        {blocks.map((block) => {
          const date = blockDate(block);
          const value = blockValue(block);
          const isArmed = armed === block.id;
          return (
            <li
              key={block.id}
              className="flex items-center gap-1 rounded-theme border border-border bg-surface py-0.5 pr-0.5 pl-1.5"
            >
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold tabular-nums">
                  {date} · {value}
                </p>
                <p className="truncate text-xs text-muted">{t.contabilizedAt(contabilizedWhen(block))}</p>
              </div>
              {isArmed ? (
                <Button
                  variant="danger"
                  className="h-5.5"
                  aria-label={t.confirmUndoOf(date, value)}
                  loading={undoing === block.id}
                  disabled={disabled}
                  // the confirmation takes the focus: the keyboard's second press confirms
                  autoFocus
                  onClick={() => {
                    onUndo(block.id);
                    setArmed(null);
                  }}
                >
                  {t.confirmUndo}
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  className="h-5.5"
                  aria-label={t.undoOf(date, value)}
                  disabled={disabled}
                  onClick={() => setArmed(block.id)}
                >
                  {t.undo}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
