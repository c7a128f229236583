"use client";

import { useMemo, useState } from "react";
import { useExportOffice } from "@/lib/api/exports";
import { currentYearMonth } from "@/lib/format/dates";
import { exportsMessages as t } from "@/lib/i18n/sections/exports";
import { ExportDownload } from "@/components/exports/export-download";
import { ExportPeriodFields, type ExportPeriod } from "@/components/exports/export-period-fields";

/**
 * 'Exportar lançamentos de todos os clientes' (owner and administrators, in the profile drawer beside 'Plano de
 * contas'): a month of every client as one ZIP, the clients with pendencies listed in pendencias.txt.
 */
export function OfficeExportPanel() {
  const now = useMemo(() => currentYearMonth(), []);
  const [period, setPeriod] = useState<ExportPeriod>({ year: now.year, month: now.month, format: "dominio" });
  const { year, month, format } = period;
  const download = useExportOffice();
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm text-muted">{t.officeExportHint}</p>
      <ExportPeriodFields value={period} onChange={(next) => (setPeriod(next), download.reset())} />
      <ExportDownload
        download={download}
        label={t.officeDownload}
        onDownload={() => download.mutate({ year, month, format })}
      />
    </div>
  );
}
