"use client";

import { useOnceInFlight } from "@/lib/api/use-once-in-flight";
import { useState } from "react";
import { useIsMutating } from "@tanstack/react-query";
import { reportProblemKey, useReportProblem } from "@/lib/api/categorization";
import { ISSUE_CODES, issueLabel, PENDENCY_OBSERVATIONS_MAX } from "@/lib/constants";
import { categorizationScreenMessages } from "@/lib/i18n/sections/categorizationScreen";
import { commonMessages } from "@/lib/i18n/sections/common";
import { ObservationField } from "@/components/blocks/observation-field";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { Dialog, DialogClose, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { WhatsAppLink } from "./whatsapp-link";

const t = categorizationScreenMessages;

export type ReportDialogProps = {
  clientId: number;
  blockId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The pendency was created: the screen loads the next block (spec §4). */
  onReported: () => void;
};

/** 'Reportar problema' (spec §2): 'O que aconteceu?', 'Observação', 'Enviar' → pendency/create. */
export function ReportDialog({ clientId, blockId, open, onOpenChange, onReported }: ReportDialogProps) {
  // While the report is on its way the dialog stays open (Escape, a click outside, 'Cancelar'): closed,
  // its form would unmount and the answer's "load the next block" would never run, leaving the
  // reported block on screen.
  const sending = useIsMutating({ mutationKey: reportProblemKey(clientId) }) > 0;
  return (
    <Dialog open={open} onOpenChange={(next) => (next || !sending) && onOpenChange(next)} size="md" described>
      <DialogTitle className="text-xl font-bold">{t.reportTitle}</DialogTitle>
      <DialogDescription className="text-[15px] text-muted">{t.reportText}</DialogDescription>
      {/* a fresh form each time it opens */}
      {open ? <ReportForm clientId={clientId} blockId={blockId} onReported={onReported} /> : null}
    </Dialog>
  );
}

function ReportForm({ clientId, blockId, onReported }: Pick<ReportDialogProps, "clientId" | "blockId" | "onReported">) {
  const report = useReportProblem(clientId);
  const once = useOnceInFlight();
  const [issue, setIssue] = useState<number>(ISSUE_CODES[0]);
  const [observations, setObservations] = useState("");
  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        once((done) => report.mutate({ blockId, issue, observations }, { onSuccess: onReported, onSettled: done }));
      }}
    >
      <SelectField
        label={t.whatHappened}
        value={issue}
        options={ISSUE_CODES.map((code) => ({ value: code, label: issueLabel(code) }))}
        onValueChange={(value) => setIssue(Number(value))}
      />
      <ObservationField
        label={t.observation}
        rows={4}
        maxLength={PENDENCY_OBSERVATIONS_MAX}
        placeholder={t.observationPlaceholder}
        value={observations}
        onChange={setObservations}
      />
      <WhatsAppLink clientId={clientId} blockId={blockId} issue={issue} observations={observations} />
      {report.error ? (
        <p role="alert" className="rounded-theme bg-danger-soft px-1.5 py-1 text-sm font-medium text-danger">
          {report.error.message}
        </p>
      ) : null}
      <div className="mt-1 flex justify-end gap-1">
        <DialogClose asChild>
          <Button variant="secondary" disabled={report.isPending}>
            {commonMessages.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" loading={report.isPending}>
          {t.send}
        </Button>
      </div>
    </form>
  );
}
