"use client";

import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useReturnFocus } from "@/components/ui/use-return-focus";
import { Heading } from "./preview-heading";

export type PreviewDialogProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode | null;
  actions?: ReactNode;
  onClose: () => void;
  closeLabel: string;
  testId?: string;
  open: boolean;
};

/** PreviewPane on screens narrower than 1024 px: the selected item in a full-screen dialog. */
export function PreviewDialog({
  title,
  subtitle,
  children,
  actions,
  onClose,
  closeLabel,
  testId,
  open,
}: PreviewDialogProps) {
  const returnFocus = useReturnFocus();

  return (
    <Dialog.Root open={open} onOpenChange={(open) => open || onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[55] bg-black/60" />
        <Dialog.Content
          aria-describedby={undefined}
          {...returnFocus}
          data-testid={testId}
          className="fixed inset-0 z-[56] flex h-dvh w-full flex-col gap-1 bg-surface p-1.5 outline-none"
        >
          <div className="flex items-start gap-1">
            <Heading title={title} subtitle={subtitle} titleAs={Dialog.Title} grow />
            <Dialog.Close
              aria-label={closeLabel}
              title={closeLabel}
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
          {actions ? <div className="flex flex-wrap gap-1">{actions}</div> : null}
          <div className="flex min-h-0 flex-1 flex-col">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
