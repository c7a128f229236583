"use client";

import { useId, useState } from "react";
import { LAST_CONTABILIZED } from "@/lib/constants";
import type { Block } from "@/lib/contract/blocks";
import type { ContabilizationAccount } from "@/lib/contract/contabilization";
import { formatDate, formatTime } from "@/lib/format/dates";
import { commonMessages } from "@/lib/i18n/sections/common";
import { contabilizationDeskMessages } from "@/lib/i18n/sections/contabilizationDesk";
import { blockCardDate, blockCardValue } from "@/components/blocks/block-card-format";
import { cn } from "@/components/ui/cn";
import { Collapse } from "@/components/ui/collapse";

const t = contabilizationDeskMessages;

export type LastContabilizedProps = {
  blocks: readonly Block[];
  accounts: readonly ContabilizationAccount[];
  pending: boolean;
  onUndo: (block: Block) => void;
};

/**
 * The month's last LAST_CONTABILIZED contabilised blocks, most recent first (whatever the account: the
 * post to take back is the last one made, at the desk or on the phone). Desfazer takes two clicks: the
 * first expands the row (the button becomes 'Confirmar desfazer'), the second undoes.
 */
export function LastContabilized({ blocks, accounts, pending, onUndo }: LastContabilizedProps) {
  const [armed, setArmed] = useState<number | null>(null);
  const titleId = useId();
  const shown = blocks.slice(0, LAST_CONTABILIZED);
  const accountName = (id: number | null) => {
    const account = accounts.find((candidate) => candidate.id === id);
    return account ? `${account.code} - ${account.description}` : "";
  };
  return (
    <section
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-1 rounded-theme border border-border bg-surface p-2"
    >
      <h2 id={titleId} className="text-base font-bold">
        {t.lastContabilized}
      </h2>
      {shown.length === 0 ? (
        <p className="text-sm text-muted">{commonMessages.emptyList}</p>
      ) : (
        <ul className="flex flex-col gap-0.5" data-testid="last-contabilized">
          {shown.map((block) => (
            <UndoRow
              key={block.id}
              block={block}
              account={accountName(block.accountId)}
              armed={armed === block.id}
              pending={pending}
              onArm={() => setArmed(block.id)}
              onUndo={() => {
                setArmed(null);
                onUndo(block);
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

type UndoRowProps = {
  block: Block;
  account: string;
  armed: boolean;
  pending: boolean;
  onArm: () => void;
  onUndo: () => void;
};

function UndoRow({ block, account, armed, pending, onArm, onUndo }: UndoRowProps) {
  const hintId = useId();
  const posted = block.contabilizedDatetime;
  return (
    <li
      data-block-id={block.id}
      className={cn("rounded-theme border px-1 py-0.5", armed ? "border-danger bg-danger-soft" : "border-border")}
    >
      <div className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5">
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold tabular-nums">
            {blockCardDate(block)} · {blockCardValue(block) ?? t.noValue}
          </span>
          <span className="block text-xs text-muted sm:truncate">
            {account}
            {posted ? ` · ${t.contabilizedAt(formatDate(posted), formatTime(posted))}` : ""}
          </span>
        </span>
        <button
          type="button"
          aria-expanded={armed}
          aria-controls={hintId}
          disabled={pending}
          onClick={armed ? onUndo : onArm}
          className={cn(
            "h-6 shrink-0 cursor-pointer rounded-theme px-1.5 text-sm font-semibold outline-none " +
              "focus-visible:ring-2 focus-visible:ring-primary disabled:cursor-not-allowed disabled:opacity-60 " +
              "sm:h-5",
            armed ? "bg-danger text-danger-fg hover:bg-danger/90" : "border border-border text-fg hover:bg-surface-2",
          )}
        >
          {armed ? t.undoConfirm : t.undo}
        </button>
      </div>
      <Collapse open={armed} id={hintId}>
        <p className="pt-0.5 text-xs text-fg">{t.undoHint}</p>
      </Collapse>
    </li>
  );
}
