"use client";

import type { ReactNode } from "react";
import { shellMessages } from "@/lib/i18n/sections/shell";
import { Dialog, DialogCloseButton, DialogTitle } from "./dialog";

export type DrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Under the title: a search box, or (the shell's default) the 'Modo Escuro' switch and logout. */
  toolbar?: ReactNode;
  children: ReactNode;
  className?: string;
};

/**
 * The right-hand drawer of spec §2/§9: title 24px bold, a toolbar, content of full height minus 89px
 * (the title block; a title that wraps to three lines on a phone grows the block and the content gives
 * way), at least 86 spacing units tall. Radix Dialog: focus trap, Esc and outside click close;
 * focus returns to the opener (useReturnFocus). Loaded by drawer.tsx on the first open.
 */
export function DrawerModal({ open, onOpenChange, title, toolbar, children, className }: DrawerProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} variant="drawer" className={className}>
      <div className="flex min-h-[89px] shrink-0 items-center justify-between gap-2 px-3 py-1">
        <DialogTitle className="text-[24px] font-bold leading-tight">{title}</DialogTitle>
        <DialogCloseButton label={shellMessages.close} />
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-2 px-3 pb-3">
        {toolbar ? <div className="shrink-0">{toolbar}</div> : null}
        <div className="scroll-fade -mx-1 min-h-0 flex-1 overflow-y-auto px-1 py-1">{children}</div>
      </div>
    </Dialog>
  );
}
