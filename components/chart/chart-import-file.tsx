"use client";

import { useId } from "react";
import { chartMessages } from "@/lib/i18n/sections/chart";
import { cn } from "@/components/ui/cn";
import { SelectField } from "@/components/ui/select-field";
import type { ChartColumns, ChartFilePreview } from "./csv-preview";

const t = chartMessages;
const NONE = "";

type Field = keyof ChartColumns;
const fieldLabels: Record<Field, string> = {
  code: t.code,
  description: t.description,
  reducedCode: t.reducedCode,
  type: t.type,
};

/** Which field a column feeds, as chosen: shown over the file's columns. */
function fieldOf(columns: ChartColumns, index: number): string | null {
  const field = (Object.keys(fieldLabels) as Field[]).find((key) => columns[key] === index);
  return field ? fieldLabels[field] : null;
}

/** The file's first lines as a table, each column headed by its number and the field it feeds. */
export function FirstLines({ preview, columns }: { preview: ChartFilePreview; columns: ChartColumns }) {
  const titleId = useId();
  const indexes = Array.from({ length: preview.width }, (_, index) => index);
  return (
    <div className="flex flex-col gap-0.5">
      <h4 id={titleId} className="text-sm font-bold">
        {t.firstLines(preview.rows.length)}
      </h4>
      <div
        tabIndex={0}
        aria-labelledby={titleId}
        role="region"
        className="overflow-x-auto rounded-theme border border-border focus:outline-2 focus:outline-primary/30"
      >
        <table className="w-full text-left text-sm">
          <thead className="bg-surface-2 text-xs text-muted">
            <tr>
              {indexes.map((index) => {
                const field = fieldOf(columns, index);
                return (
                  <th key={index} scope="col" className="px-1 py-0.5 align-bottom font-semibold whitespace-nowrap">
                    {t.column(index)}
                    {field ? <span className="block text-primary">{field}</span> : null}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, line) => (
              <tr
                key={line}
                className={cn("border-t border-border", line === 0 && preview.hasHeader && "font-semibold")}
              >
                {indexes.map((index) => (
                  <td
                    key={index}
                    className={cn(
                      "max-w-[280px] truncate px-1 py-0.5",
                      fieldOf(columns, index) ? "text-fg" : "text-muted",
                    )}
                  >
                    {row[index] ?? ""}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The column of each field (code and description required; reduced code and type optional). */
export function ChartColumnsPicker({
  width,
  header,
  columns,
  onChange,
}: {
  width: number;
  header: readonly string[];
  columns: ChartColumns;
  onChange: (columns: ChartColumns) => void;
}) {
  const titleId = useId();
  const options = Array.from({ length: width }, (_, index) => ({
    value: index,
    label: header[index] ? `${t.column(index)}: ${header[index]}` : t.column(index),
  }));
  const optional = [{ value: NONE, label: t.noColumn }, ...options];
  const set = (field: Field) => (value: string) => {
    const next: ChartColumns = { ...columns };
    if (value === NONE) delete next[field as "reducedCode" | "type"];
    else next[field] = Number(value);
    onChange(next);
  };
  return (
    <fieldset aria-labelledby={titleId} className="flex flex-col gap-0.5">
      <legend id={titleId} className="text-sm font-bold">
        {t.columnsTitle}
      </legend>
      <p className="text-xs text-muted">{t.columnsHelp}</p>
      <div className="grid grid-cols-2 gap-1 lg:grid-cols-4">
        <SelectField label={t.code} value={columns.code} options={options} onValueChange={set("code")} />
        <SelectField
          label={t.description}
          value={columns.description}
          options={options}
          onValueChange={set("description")}
        />
        <SelectField
          label={t.reducedCode}
          value={columns.reducedCode ?? NONE}
          options={optional}
          onValueChange={set("reducedCode")}
        />
        <SelectField label={t.type} value={columns.type ?? NONE} options={optional} onValueChange={set("type")} />
      </div>
    </fieldset>
  );
}
