"use client";

import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { ApiError } from "@/lib/api/client";
import { useExportCheck, useExportClient, useExportSettings } from "@/lib/api/exports";
import type { ExportIssue } from "@/lib/contract/exports";
import { currentYearMonth, formatDate, formatTime } from "@/lib/format/dates";
import { exportsMessages as t } from "@/lib/i18n/sections/exports";
import { AppDrawer } from "@/components/shell/app-drawer";
import { ExportDownload } from "@/components/exports/export-download";
import { ExportPeriodFields, type ExportPeriod } from "@/components/exports/export-period-fields";
import { Spinner } from "@/components/ui/spinner";
import { useDelayed } from "@/components/ui/use-delayed";
import { ExportSettingsForm } from "./export-settings-form";

type ExportDrawerProps = { clientId: number; clientName: string; open: boolean; onClose: () => void };

/**
 * 'Exportar lançamentos': the client's 'Configurações de exportação', then a month and a format, the check
 * before the export (what stops it, and the month's previous exports as a warning), and the download.
 */
export function ExportDrawer({ clientId, clientName, open, onClose }: ExportDrawerProps) {
  const now = useMemo(() => currentYearMonth(), []);
  const [period, setPeriod] = useState<ExportPeriod>({ year: now.year, month: now.month, format: "dominio" });
  const { year, month, format } = period;
  const settings = useExportSettings(clientId, open);
  const check = useExportCheck(clientId, year, month, open);
  const download = useExportClient(clientId);
  const checking = useDelayed(check.isFetching);
  const settingsId = useId();
  const checkId = useId();

  const refused = download.error instanceof ApiError && download.error.code === "export_blocked";
  const errors: ExportIssue[] = refused
    ? ((download.error as ApiError).details.errors as ExportIssue[])
    : (check.data?.errors ?? []);
  const previous = check.data?.exports ?? [];
  const blocked = !check.data || errors.length > 0;

  return (
    <AppDrawer open={open} onOpenChange={(next) => next || (onClose(), download.reset())} title={t.exportPostings}>
      <div className="flex flex-col gap-2">
        <p data-testid="drawer-client" className="truncate text-sm font-semibold">
          {clientName}
        </p>

        <section aria-labelledby={checkId} className="flex flex-col gap-1.5">
          <ExportPeriodFields value={period} onChange={(next) => (setPeriod(next), download.reset())} />
          <h3 id={checkId} className="text-sm font-semibold">
            {t.checkTitle}
          </h3>
          <div aria-live="polite" className="flex flex-col gap-1">
            {check.isError ? (
              <p role="alert" className="text-sm text-danger">
                {check.error.message}
              </p>
            ) : !check.data ? (
              checking ? (
                <p className="flex items-center gap-1 text-sm text-muted">
                  <Spinner className="text-primary" /> {t.checking}
                </p>
              ) : null
            ) : errors.length > 0 ? (
              <div data-testid="export-errors" className="rounded-theme border border-danger/40 bg-danger-soft p-1">
                <p className="flex items-center gap-0.5 text-sm font-semibold text-danger">
                  <AlertTriangle aria-hidden="true" className="size-2 shrink-0" />
                  {t.checkErrors(errors.length)}
                </p>
                <ul className="mt-0.5 list-disc pl-2.5 text-sm">
                  {errors.map((error, i) => (
                    <li key={`${error.blockId ?? "c"}-${i}`}>{error.message}</li>
                  ))}
                </ul>
              </div>
            ) : (
              <p data-testid="export-ok" className="flex items-center gap-0.5 text-sm">
                <CheckCircle2 aria-hidden="true" className="size-2 shrink-0 text-status-contabilized" />
                {t.checkOk(check.data.postings)}
              </p>
            )}
            {previous.length > 0 ? (
              <div
                data-testid="export-previous"
                className="rounded-theme border border-status-pendency/50 bg-status-pendency/10 p-1 text-sm"
              >
                <p className="font-semibold">{t.alreadyExported}</p>
                <ul className="mt-0.5 list-disc pl-2.5">
                  {previous.map((one, i) => (
                    <li key={`${one.at}-${i}`}>
                      {t.previousExport(formatDate(one.at), formatTime(one.at), one.by ?? t.someone, one.postings)}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
          <ExportDownload
            download={download}
            showError={!refused}
            disabled={blocked}
            label={previous.length > 0 ? t.downloadAgain : t.download}
            onDownload={() => download.mutate({ year, month, format })}
          />
        </section>

        <section aria-labelledby={settingsId} className="flex flex-col gap-1 rounded-theme border border-border p-1.5">
          <h3 id={settingsId} className="text-sm font-semibold">
            {t.settingsTitle}
          </h3>
          {settings.isError ? (
            <p role="alert" className="text-sm text-danger">
              {settings.error.message}
            </p>
          ) : settings.data ? (
            <ExportSettingsForm clientId={clientId} settings={settings.data} />
          ) : (
            <Spinner className="mx-auto my-1 text-primary" />
          )}
        </section>
      </div>
    </AppDrawer>
  );
}
