"use client";

import { useMemo } from "react";
import type { ExportFormat } from "@/lib/contract/exports";
import { monthNames, selectableYears } from "@/lib/format/dates";
import { exportsMessages as t } from "@/lib/i18n/sections/exports";
import { SelectField } from "@/components/ui/select-field";

const MONTHS = monthNames.map((label, i) => ({ value: i + 1, label }));
const FORMATS: { value: ExportFormat; label: string }[] = [
  { value: "dominio", label: t.formatDominio },
  { value: "csv", label: t.formatCsv },
];

export type ExportPeriod = { year: number; month: number; format: ExportFormat };

/** Month and year side by side, then the file's format: what an export of postings asks first. */
export function ExportPeriodFields({
  value,
  onChange,
}: {
  value: ExportPeriod;
  onChange: (next: ExportPeriod) => void;
}) {
  const years = useMemo(() => selectableYears().map((y) => ({ value: y, label: String(y) })), []);
  return (
    <>
      <div className="grid grid-cols-2 gap-1">
        <SelectField
          label={t.month}
          options={MONTHS}
          value={value.month}
          onValueChange={(v) => onChange({ ...value, month: Number(v) })}
        />
        <SelectField
          label={t.year}
          options={years}
          value={value.year}
          onValueChange={(v) => onChange({ ...value, year: Number(v) })}
        />
      </div>
      <SelectField
        label={t.format}
        options={FORMATS}
        value={value.format}
        onValueChange={(v) => onChange({ ...value, format: v as ExportFormat })}
      />
    </>
  );
}
