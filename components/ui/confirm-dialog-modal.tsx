"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { commonMessages } from "@/lib/i18n/sections/common";
import { Button } from "./button";
import { useReturnFocus } from "./use-return-focus";

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Defaults to 'Atenção' (spec §9). */
  title?: string;
  text: string;
  onConfirm: () => void;
  loading?: boolean;
  /** "danger": the confirmation removes something (the confirm button takes the danger colour). */
  tone?: "default" | "danger";
  /** Fields between the text and the buttons (the devolve's optional reason). */
  children?: React.ReactNode;
};

/** Spec §2: 'Atenção' with 'Cancelar' and 'Continuar' (loaded by confirm-dialog.tsx on the first open). */
export function ConfirmDialogModal({
  open,
  onOpenChange,
  title = commonMessages.attention,
  text,
  onConfirm,
  loading,
  tone = "default",
  children,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/50" />
        <Dialog.Content
          role="alertdialog"
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-[70] flex w-[calc(100%-32px)] max-w-[440px] -translate-x-1/2 -translate-y-1/2 flex-col gap-2 rounded-theme border border-border bg-surface p-3 shadow-2xl outline-none"
        >
          <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
          <Dialog.Description className="text-[15px] text-muted">{text}</Dialog.Description>
          {children}
          <div className="mt-1 flex justify-end gap-1">
            <Dialog.Close asChild>
              <Button variant="secondary">{commonMessages.cancel}</Button>
            </Dialog.Close>
            <Button variant={tone === "danger" ? "danger" : "primary"} onClick={onConfirm} loading={loading}>
              {commonMessages.continue}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
