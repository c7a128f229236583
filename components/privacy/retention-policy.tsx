"use client";

import { useState, type FormEvent } from "react";
import { ApiError } from "@/lib/api/client";
import { useRetention, useSaveRetention } from "@/lib/api/privacy";
import type { RetentionAnswer } from "@/lib/contract/privacy";
import { privacyMessages as t } from "@/lib/i18n/sections/privacy";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { PrivacySection } from "./privacy-section";

/**
 * 'Política de retenção' (the office dialog, the owner's): how many years (N ≥ 5) the documents' files
 * are kept after the year after theirs (docs/decisions/0310-retention.md). Saved on 'Salvar política';
 * the server's refusal shows beside the field.
 */
export function RetentionPolicy({ enabled }: { enabled: boolean }) {
  const retention = useRetention(enabled);
  return (
    <PrivacySection title={t.retentionTitle} testId="retention-policy" read={retention}>
      {(data) => <RetentionForm current={data} />}
    </PrivacySection>
  );
}

function RetentionForm({ current }: { current: RetentionAnswer }) {
  const [years, setYears] = useState(String(current.years));
  const save = useSaveRetention();
  const fieldError =
    save.error instanceof ApiError ? save.error.fields.find((f) => f.path === "years")?.message : undefined;
  const generalError = save.error && !fieldError ? save.error.message : null;
  const shown = Number.isInteger(Number(years)) && Number(years) >= current.minYears ? Number(years) : current.years;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = years.trim();
    save.mutate(/^\d+$/.test(typed) ? Number(typed) : typed);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-1">
      <p className="text-sm text-muted">{t.retentionText(shown)}</p>
      <TextField
        compact
        label={t.retentionYears}
        value={years}
        onValueChange={(value) => (setYears(value), save.reset())}
        error={fieldError}
        inputMode="numeric"
        autoComplete="off"
        maxLength={3}
        className="max-w-[220px]"
      />
      <p className="text-xs text-muted">{t.retentionYearsHint}</p>
      {generalError ? (
        <p role="alert" className="text-sm text-danger">
          {generalError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-x-1 gap-y-0.5">
        {save.isSuccess ? (
          <p role="status" className="flex-1 text-sm text-muted">
            {t.retentionSaved}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" loading={save.isPending}>
          {t.retentionSave}
        </Button>
      </div>
    </form>
  );
}
