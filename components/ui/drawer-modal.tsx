"use client";

import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { shellMessages } from "@/lib/i18n/sections/shell";
import { cn } from "./cn";
import { useReturnFocus } from "./use-return-focus";

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
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          {...returnFocus}
          className={cn(
            "fixed inset-y-0 right-0 z-50 flex h-dvh min-h-86 w-full max-w-[420px] flex-col overflow-hidden border-l border-border bg-surface shadow-2xl outline-none sm:max-w-[484px]",
            "data-[state=open]:animate-fade-in",
            className,
          )}
        >
          <div className="flex min-h-[89px] shrink-0 items-center justify-between gap-2 px-3 py-1">
            <Dialog.Title className="text-[24px] font-bold leading-tight">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={shellMessages.close}
              className="grid size-4 cursor-pointer place-items-center rounded-theme text-muted hover:bg-surface-2 hover:text-fg"
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
          <div className="flex min-h-0 flex-1 flex-col gap-2 px-3 pb-3">
            {toolbar ? <div className="shrink-0">{toolbar}</div> : null}
            <div className="scroll-fade -mx-1 min-h-0 flex-1 overflow-y-auto px-1 py-1">{children}</div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
