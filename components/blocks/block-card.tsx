"use client";

import { CircleCheck } from "lucide-react";
import type { JSX } from "react";
import type { Block } from "@/lib/contract/blocks";
import { viewerMessages } from "@/lib/i18n/sections/viewer";
import { cn } from "@/components/ui/cn";
import { blockCardDate, blockCardValue } from "./block-card-format";

const t = viewerMessages;

export type BlockCardProps = { block: Block; onOpen: (block: Block) => void };

/**
 * A block in the client detail (spec §2): its payment date (or the sent date while uncategorised), its
 * value in R$, the green contabilised icon and the unseen dot ("not yet opened by me"). One button,
 * named by its visible date and value plus the two states in words, so a screen-reader user reads it all.
 */
export function BlockCard({ block, onOpen }: BlockCardProps): JSX.Element {
  const date = blockCardDate(block);
  const value = blockCardValue(block);
  const contabilized = Boolean(block.contabilizedDatetime);
  return (
    <button
      type="button"
      data-block-id={block.id}
      onClick={() => onOpen(block)}
      className={cn(
        "relative flex min-h-7 w-full min-w-0 cursor-pointer flex-col items-start justify-center" +
          " gap-0.5 rounded-theme border border-border bg-surface px-1.5 py-1 text-left",
        "transition-colors hover:border-primary hover:bg-primary-soft focus-visible:outline-2" +
          " focus-visible:outline-offset-2 focus-visible:outline-primary",
      )}
    >
      <span className="flex w-full items-center gap-0.5 text-xs text-muted">
        {/* The name is the visible text plus what only colour shows (axe: label-content-name-mismatch). */}
        <span className="truncate">
          <span className="sr-only">{block.date ? t.cardPrefix : t.title} </span>
          {block.date ? date : t.sentOn(date)}
        </span>
        {contabilized ? (
          <CircleCheck
            aria-hidden="true"
            className="ml-auto size-2 shrink-0 text-status-contabilized"
            strokeWidth={2.4}
          />
        ) : null}
      </span>
      <span className="truncate text-sm font-semibold text-fg">
        {" "}
        {value ?? t.noValue}
        {contabilized ? <span className="sr-only">, {t.contabilized}</span> : null}
        {!block.viewed ? <span className="sr-only">, {t.unseen}</span> : null}
      </span>
      {!block.viewed ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 size-1.5 rounded-full border-2 border-surface bg-primary"
        />
      ) : null}
    </button>
  );
}
