"use client";

import { useId, useState } from "react";
import { businessConfirmMessages } from "@/lib/i18n/sections/businessConfirm";
import { businessPanelMessages } from "@/lib/i18n/sections/businessPanel";
import { commonMessages } from "@/lib/i18n/sections/common";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogDescription, DialogTitle } from "@/components/ui/dialog";

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
  const [notShowAgain, setNotShowAgain] = useState(false);
  const checkboxId = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} role="alertdialog" described>
      <DialogTitle className="text-xl font-bold">{commonMessages.attention}</DialogTitle>
      <DialogDescription className="text-[15px] text-muted">{businessConfirmMessages.skipPendency}</DialogDescription>
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
        <DialogClose asChild>
          <Button variant="secondary" className="h-5.5">
            {commonMessages.cancel}
          </Button>
        </DialogClose>
        <Button className="h-5.5" onClick={() => onConfirm(notShowAgain)}>
          {commonMessages.continue}
        </Button>
      </div>
    </Dialog>
  );
}
