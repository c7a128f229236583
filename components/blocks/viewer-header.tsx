"use client";

import type { Block } from "@/lib/contract/blocks";
import { viewerMessages } from "@/lib/i18n/sections/viewer";
import { DialogClose, DialogTitle } from "@/components/ui/dialog";
import { blockCardDate, blockCardValue } from "./block-form-rules";
import { iconButton, ICONS, ViewerIcon } from "./viewer-parts";

const t = viewerMessages;

/** The block viewer's title bar: 'Bloco', the block's date (or when it was sent) and value, the keys, close. */
export function ViewerHeader({ block, subtitle: given }: { block: Block; subtitle?: string }) {
  const value = blockCardValue(block);
  const subtitle =
    given ?? [block.date ? blockCardDate(block) : t.sentOn(blockCardDate(block)), value].filter(Boolean).join(" · ");
  return (
    <div className="flex shrink-0 items-center gap-1.5 border-b border-border px-2 py-1">
      <div className="flex min-w-0 flex-1 flex-col">
        <DialogTitle className="text-lg leading-tight font-bold">{t.title}</DialogTitle>
        <p className="truncate text-sm text-muted">{subtitle}</p>
      </div>
      <p className="hidden text-xs text-muted lg:block">{t.keyboardHelp}</p>
      <DialogClose aria-label={t.close} title={t.close} className={iconButton}>
        <ViewerIcon path={ICONS.close} />
      </DialogClose>
    </div>
  );
}
