"use client";

import { commonMessages } from "@/lib/i18n/sections/common";
import { Button } from "./button";
import { Dialog, DialogClose, DialogDescription, DialogTitle } from "./dialog";

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
  /** Data attributes for the dialog and its overlay (a profile panel's `data-keep-panel`: not a click outside it). */
  marks?: Record<`data-${string}`, string>;
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
  marks,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} role="alertdialog" described overlayProps={marks} {...marks}>
      <DialogTitle className="text-xl font-bold">{title}</DialogTitle>
      <DialogDescription className="text-[15px] text-muted">{text}</DialogDescription>
      {children}
      <div className="mt-1 flex justify-end gap-1">
        <DialogClose asChild>
          <Button variant="secondary">{commonMessages.cancel}</Button>
        </DialogClose>
        <Button variant={tone === "danger" ? "danger" : "primary"} onClick={onConfirm} loading={loading}>
          {commonMessages.continue}
        </Button>
      </div>
    </Dialog>
  );
}
