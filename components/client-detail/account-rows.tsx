"use client";

import { ChevronRight, TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import type { Block } from "@/lib/contract/blocks";
import { clientDetailMessages } from "@/lib/i18n/sections/clientDetail";
import { commonMessages } from "@/lib/i18n/sections/common";
import { matchesValue } from "@/lib/format/search";
import { BlockCard } from "@/components/blocks/block-card";
import { Collapse } from "@/components/ui/collapse";
import { SearchField } from "@/components/ui/search-field";
import { cn } from "@/components/ui/cn";
import type { AccountRow } from "./month-view";

const t = clientDetailMessages;

/** The grid the block cards sit in (account rows and the flat list). */
export function BlockGrid({ blocks, onOpen }: { blocks: Block[]; onOpen: (block: Block) => void }) {
  return (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(132px,1fr))] gap-1">
      {blocks.map((block) => (
        <li key={block.id}>
          <BlockCard block={block} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

function AccountRowItem({ row, onOpen }: { row: AccountRow; onOpen: (block: Block) => void }) {
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState("");
  const regionId = useId();
  const { account, blocks, warning } = row;
  const shown = blocks.filter((block) => matchesValue(block.value, term));
  const unseen = blocks.some((block) => !block.viewed);

  return (
    <li className="rounded-theme border border-border bg-surface">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen(!open)}
          className={
            "flex w-full cursor-pointer items-center gap-1.5 rounded-theme px-1.5 py-1 text-left" +
            " hover:bg-surface-2"
          }
        >
          <ChevronRight
            aria-hidden="true"
            className={cn("size-2 shrink-0 text-muted transition-transform", open && "rotate-90")}
            strokeWidth={2.4}
          />
          <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:gap-1.5">
            <span className="shrink-0 font-mono text-xs text-muted tabular-nums sm:w-[88px]">{account.code}</span>
            <span className="min-w-0 truncate text-sm font-semibold">{account.description}</span>
          </span>
          {warning ? (
            <TriangleAlert
              role="img"
              aria-label={t.notActiveWarning}
              className="size-2.5 shrink-0 text-status-pendency"
            >
              <title>{t.notActiveWarning}</title>
            </TriangleAlert>
          ) : null}
          {unseen ? <span className="size-1 shrink-0 rounded-full bg-primary" aria-hidden="true" /> : null}
          <span className="shrink-0 rounded-full bg-surface-2 px-1 text-xs font-semibold tabular-nums">
            {t.blockCount(blocks.length)}
          </span>
          <span
            className={cn(
              "hidden shrink-0 rounded-full px-1 text-xs font-semibold sm:inline",
              account.activated ? "bg-primary-soft text-primary" : "bg-surface-2 text-muted",
            )}
          >
            {account.activated ? t.active : t.inactive}
          </span>
        </button>
      </h3>
      <Collapse open={open} id={regionId}>
        <div className="flex flex-col gap-1 px-1.5 pt-0.5 pb-1.5">
          {warning ? (
            <p className="rounded-theme bg-status-pendency/10 px-1 py-0.5 text-xs text-fg">{t.notActiveWarning}</p>
          ) : null}
          {blocks.length === 0 ? (
            <p className="py-1 text-sm text-muted">{t.noBlocksInAccount}</p>
          ) : (
            <>
              <SearchField placeholder={t.searchValue} value={term} onValueChange={setTerm} className="max-w-[240px]" />
              {shown.length === 0 ? (
                <p className="py-1 text-sm text-muted">{commonMessages.emptyList}</p>
              ) : (
                <BlockGrid blocks={shown} onOpen={onOpen} />
              )}
            </>
          )}
        </div>
      </Collapse>
    </li>
  );
}

export function AccountRows({ rows, onOpen }: { rows: AccountRow[]; onOpen: (block: Block) => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {rows.map((row) => (
        <AccountRowItem key={row.account.id} row={row} onOpen={onOpen} />
      ))}
    </ul>
  );
}
