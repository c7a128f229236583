"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useId, useState } from "react";
import { businessConfirmMessages } from "@/lib/i18n/sections/businessConfirm";
import { businessPanelMessages } from "@/lib/i18n/sections/businessPanel";
import { commonMessages } from "@/lib/i18n/sections/common";
import { Button } from "@/components/ui/button";
import { useReturnFocus } from "@/components/ui/use-return-focus";

export type SkipDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Continuar: whether 'Nao mostrar novamente' was ticked. */
  onConfirm: (notShowAgain: boolean) => void;
};

/**
 * Proximo's confirmation (spec §5): 'Atenção', the text of spec §5, the 'Nao mostrar novamente'
 * checkbox, 'Cancelar' and 'Continuar'. Like ConfirmDialog (components/ui), with the checkbox inside.
 */
export function SkipDialog({ open, onOpenChange, onConfirm }: SkipDialogProps) {
  const returnFocus = useReturnFocus();
  const [notShowAgain, setNotShowAgain] = useState(false);
  const checkboxId = useId();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/50" />
        <Dialog.Content
          role="alertdialog"
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-[70] flex w-[calc(100%-32px)] max-w-[440px] -translate-x-1/2 -translate-y-1/2 flex-col gap-2 rounded-theme border border-border bg-surface p-3 shadow-2xl outline-none"
        >
          <Dialog.Title className="text-xl font-bold">{commonMessages.attention}</Dialog.Title>
          <Dialog.Description className="text-[15px] text-muted">
            {businessConfirmMessages.skipPendency}
          </Dialog.Description>
          <label htmlFor={checkboxId} className="flex min-h-5.5 cursor-pointer items-center gap-1 text-sm font-medium">
            <input
              id={checkboxId}
              type="checkbox"
              checked={notShowAgain}
              onChange={(event) => setNotShowAgain(event.target.checked)}
              className="size-2.5 cursor-pointer accent-primary"
            />
            {businessPanelMessages.dontShowAgain}
          </label>
          <div className="mt-1 flex justify-end gap-1">
            <Dialog.Close asChild>
              <Button variant="secondary" className="h-5.5">
                {commonMessages.cancel}
              </Button>
            </Dialog.Close>
            <Button className="h-5.5" onClick={() => onConfirm(notShowAgain)}>
              {commonMessages.continue}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
