"use client";

import { useState } from "react";
import { DEVOLVE_REASON_MAX } from "@/lib/constants";
import { viewerMessages as t } from "@/lib/i18n/sections/viewer";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ObservationField } from "./observation-field";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The confirmation with the reason typed (trimmed by the call; empty is none). */
  onConfirm: (reason: string) => void;
  loading: boolean;
};

/**
 * The devolve's confirmation (spec §2 'Atenção', Cancelar/Continuar) with an optional 'Observação': the
 * reason the client reads beside the documents in Devolvidos. Cleared when the dialog is dismissed; a
 * parent keys it by block.
 */
export function DevolveDialog({ open, onOpenChange, onConfirm, loading }: Props) {
  const [reason, setReason] = useState("");
  const change = (next: boolean) => {
    if (!next) setReason("");
    onOpenChange(next);
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={change}
      text={t.devolveConfirm}
      tone="danger"
      onConfirm={() => onConfirm(reason)}
      loading={loading}
    >
      <ObservationField
        label={t.observation}
        rows={3}
        maxLength={DEVOLVE_REASON_MAX}
        placeholder={t.devolveReasonPlaceholder}
        value={reason}
        disabled={loading}
        onChange={setReason}
        testId="devolve-reason"
      />
    </ConfirmDialog>
  );
}
