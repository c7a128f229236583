"use client";

import { useState } from "react";
import type { SentBlock } from "@/lib/api/business";
import { formatMinutesSeconds, nextSecondChange } from "@/lib/format/countdown";
import { formatTime } from "@/lib/format/dates";
import { businessSentMessages } from "@/lib/i18n/sections/businessSent";
import { cn } from "@/components/ui/cn";
import { Spinner } from "@/components/ui/spinner";
import { Countdown } from "./countdown";
import { isUndoable } from "./sent-rules";

const t = businessSentMessages;

type TileProps = { block: SentBlock; selected: boolean; onSelect: () => void; onUndo: () => void; undoing: boolean };

/** One sent block: its first image, its time — or the countdown and the undo while it can be undone. */
export function SentTile({ block, selected, onSelect, onUndo, undoing }: TileProps) {
  // Re-rendered once when the window closes (the countdown's onEnd), never each second.
  const [windowOpen, setWindowOpen] = useState(() => isUndoable(block));
  // The server may close it sooner (the office categorised the block): undoableUntil turns null.
  const undoable = windowOpen && block.undoableUntil !== null;
  const time = formatTime(block.date);
  const categorized = block.accountId !== null;
  const contabilized = Boolean(block.contabilizedDatetime);
  return (
    <div
      data-testid="sent-block"
      data-block-id={block.id}
      className={cn(
        "flex flex-col overflow-hidden rounded-theme border bg-surface transition-colors",
        selected ? "border-primary ring-2 ring-primary" : "border-border hover:border-border-strong",
      )}
    >
      <button
        type="button"
        aria-pressed={selected}
        onClick={onSelect}
        className="relative block w-full cursor-pointer overflow-hidden bg-canvas outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-inset"
      >
        <span className="sr-only">{t.block(time, block.documentsUrl.length)}</span>
        <span aria-hidden="true" className="block aspect-square w-full">
          {(block.thumbnailsUrl[0] ?? block.documentsUrl[0]) ? (
            // eslint-disable-next-line @next/next/no-img-element -- signed, expiring URLs
            <img
              src={block.thumbnailsUrl[0] ?? block.documentsUrl[0]}
              alt=""
              className="absolute inset-0 size-full object-cover object-top"
              draggable={false}
            />
          ) : null}
        </span>
        <span
          aria-hidden="true"
          className="absolute right-0.5 bottom-0.5 rounded-full bg-black/65 px-0.75 text-xs font-semibold text-white tabular-nums"
        >
          {block.documentsUrl.length}
        </span>
        {contabilized || categorized ? (
          <span className="absolute top-0.5 left-0.5 rounded-full bg-surface/90 px-0.75 text-[11px] font-semibold text-fg">
            {contabilized ? t.contabilized : t.categorized}
          </span>
        ) : null}
      </button>
      <div className="flex min-h-5.5 items-center gap-0.5 pl-1">
        {undoable && block.undoableUntil ? (
          <Countdown
            until={Date.parse(block.undoableUntil)}
            format={formatMinutesSeconds}
            next={nextSecondChange}
            onEnd={() => setWindowOpen(false)}
            label={t.undoLeft}
            className="flex-1 text-sm font-semibold text-primary tabular-nums"
          />
        ) : (
          <span data-testid="sent-time" className="flex-1 text-sm font-medium tabular-nums">
            {time}
          </span>
        )}
        {undoable ? (
          <button
            type="button"
            onClick={onUndo}
            disabled={undoing}
            aria-label={`${t.undo} (${time})`}
            title={t.undo}
            data-testid="sent-undo"
            className="grid size-5.5 shrink-0 cursor-pointer place-items-center rounded-theme text-danger hover:bg-danger-soft disabled:cursor-wait disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-primary"
          >
            {undoing ? (
              <Spinner />
            ) : (
              <svg
                viewBox="0 0 24 24"
                className="size-2.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <path d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 010 11H11" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            )}
          </button>
        ) : null}
      </div>
    </div>
  );
}
