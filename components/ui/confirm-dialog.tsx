"use client";

import type { ConfirmDialogProps } from "./confirm-dialog-modal";
import { lazyWhenOpen } from "./lazy-when-open";

export type { ConfirmDialogProps } from "./confirm-dialog-modal";

/** Spec §2: 'Atenção' with 'Cancelar' and 'Continuar' (confirm-dialog-modal.tsx, fetched on the first open). */
export const ConfirmDialog = lazyWhenOpen<ConfirmDialogProps>(
  () => import("./confirm-dialog-modal").then((module) => module.ConfirmDialogModal),
  (props) => props.open,
  (props) => props.onOpenChange(false),
);
