"use client";

import { useId, useState } from "react";
import { DEVOLVE_REASON_MAX } from "@/lib/constants";
import { viewerMessages as t } from "@/lib/i18n/sections/viewer";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

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
  const id = useId();
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
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-xs font-semibold text-muted">
          {t.observation}
        </label>
        <textarea
          id={id}
          rows={3}
          maxLength={DEVOLVE_REASON_MAX}
          placeholder={t.devolveReasonPlaceholder}
          value={reason}
          disabled={loading}
          onChange={(event) => setReason(event.target.value)}
          data-testid="devolve-reason"
          className="w-full resize-y rounded-theme border border-border bg-surface px-1.5 py-1 text-[15px] text-fg placeholder:text-muted focus:border-primary focus:outline-2 focus:outline-primary/30"
        />
      </div>
    </ConfirmDialog>
  );
}
