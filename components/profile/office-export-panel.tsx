"use client";

import { Download } from "lucide-react";
import { useMemo, useState } from "react";
import { useExportOffice } from "@/lib/api/exports";
import type { ExportFormat } from "@/lib/contract/exports";
import { currentYearMonth, monthNames, selectableYears } from "@/lib/format/dates";
import { exportsMessages as t } from "@/lib/i18n/sections/exports";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";

const MONTHS = monthNames.map((label, i) => ({ value: i + 1, label }));
const FORMATS: { value: ExportFormat; label: string }[] = [
  { value: "dominio", label: t.formatDominio },
  { value: "csv", label: t.formatCsv },
];

/**
 * 'Exportar lançamentos de todos os clientes' (owner and administrators, in the profile drawer beside 'Plano de
 * contas'): a month of every client as one ZIP, the clients with pendencies listed in pendencias.txt.
 */
export function OfficeExportPanel() {
  const now = useMemo(() => currentYearMonth(), []);
  const [year, setYear] = useState(now.year);
  const [month, setMonth] = useState(now.month);
  const [format, setFormat] = useState<ExportFormat>("dominio");
  const years = useMemo(() => selectableYears().map((y) => ({ value: y, label: String(y) })), []);
  const download = useExportOffice();
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm text-muted">{t.officeExportHint}</p>
      <div className="grid grid-cols-2 gap-1">
        <SelectField
          label={t.month}
          options={MONTHS}
          value={month}
          onValueChange={(v) => (setMonth(Number(v)), download.reset())}
        />
        <SelectField
          label={t.year}
          options={years}
          value={year}
          onValueChange={(v) => (setYear(Number(v)), download.reset())}
        />
      </div>
      <SelectField
        label={t.format}
        options={FORMATS}
        value={format}
        onValueChange={(v) => (setFormat(v as ExportFormat), download.reset())}
      />
      {download.isError ? (
        <p role="alert" className="text-sm text-danger">
          {download.error.message}
        </p>
      ) : null}
      {download.isSuccess ? (
        <p role="status" className="text-sm text-muted">
          {t.downloaded(download.data.filename)}
        </p>
      ) : null}
      <Button
        className="self-end"
        loading={download.isPending}
        onClick={() => download.mutate({ year, month, format })}
      >
        <Download aria-hidden="true" className="size-2" />
        {t.officeDownload}
      </Button>
    </div>
  );
}
