"use client";

import { useState, type FormEvent } from "react";
import { ApiError } from "@/lib/api/client";
import { useSaveExportSettings } from "@/lib/api/exports";
import type { ExportSettingsAnswer } from "@/lib/contract/exports";
import { exportsMessages as t } from "@/lib/i18n/sections/exports";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

type Field = "counterpartAccount" | "historyCode" | "complement";

/**
 * 'Configurações de exportação': the counterpart (credit) account of the accounting system, the default
 * history code and the complement's pattern. Checked by the server on save; each refusal beside its field.
 */
export function ExportSettingsForm({ clientId, settings }: { clientId: number; settings: ExportSettingsAnswer }) {
  const [counterpartAccount, setCounterpart] = useState(settings.counterpartAccount ?? "");
  const [historyCode, setHistoryCode] = useState(settings.historyCode ?? "");
  const [complement, setComplement] = useState(settings.complement);
  const save = useSaveExportSettings(clientId);
  const fieldError = (field: Field) =>
    save.error instanceof ApiError ? save.error.fields.find((f) => f.path === field)?.message : undefined;
  const generalError =
    save.error && !(save.error instanceof ApiError && save.error.fields.length) ? save.error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ counterpartAccount, historyCode: historyCode.trim() || null, complement });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1">
      <TextField
        compact
        label={t.counterpartAccount}
        value={counterpartAccount}
        onValueChange={(value) => (setCounterpart(value), save.reset())}
        error={fieldError("counterpartAccount")}
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
      />
      <p className="text-xs text-muted">{t.counterpartHint}</p>
      <TextField
        compact
        label={t.historyCode}
        value={historyCode}
        onValueChange={(value) => (setHistoryCode(value), save.reset())}
        error={fieldError("historyCode")}
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
      />
      <TextField
        compact
        label={t.complement}
        value={complement}
        onValueChange={(value) => (setComplement(value), save.reset())}
        error={fieldError("complement")}
        autoComplete="off"
        maxLength={200}
      />
      <p className="text-xs text-muted">{t.complementHint}</p>
      {generalError ? (
        <p role="alert" className="text-sm text-danger">
          {generalError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-x-1 gap-y-0.5">
        {save.isSuccess ? (
          <p role="status" className="flex-1 text-sm whitespace-nowrap text-muted">
            {t.settingsSaved}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" loading={save.isPending}>
          {t.saveSettings}
        </Button>
      </div>
    </form>
  );
}
