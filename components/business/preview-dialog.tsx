"use client";

import type { ReactNode } from "react";
import { Dialog, DialogCloseButton, DialogTitle } from "@/components/ui/dialog";
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
  return (
    <Dialog
      open={open}
      onOpenChange={(open) => open || onClose()}
      variant="sheet"
      data-testid={testId}
      className="inset-0 h-dvh w-full gap-1 p-1.5"
    >
      <div className="flex items-start gap-1">
        <Heading title={title} subtitle={subtitle} titleAs={DialogTitle} grow />
        <DialogCloseButton label={closeLabel} size="lg" />
      </div>
      {actions ? <div className="flex flex-wrap gap-1">{actions}</div> : null}
      <div className="flex min-h-0 flex-1 flex-col">{children}</div>
    </Dialog>
  );
}
