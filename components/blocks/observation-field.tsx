"use client";

import { useId } from "react";

type Props = {
  label: string;
  rows: number;
  maxLength: number;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  testId?: string;
};

/** The 'Observação' text of the devolve and report-a-problem dialogs: a label over a resizable textarea. */
export function ObservationField({ label, rows, maxLength, placeholder, value, onChange, disabled, testId }: Props) {
  const id = useId();
  return (
    <div className="flex flex-col gap-0.5">
      <label htmlFor={id} className="text-xs font-semibold text-muted">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
        className={
          "w-full resize-y rounded-theme border border-border bg-surface px-1.5 py-1 text-[15px] text-fg " +
          "placeholder:text-muted focus:border-primary focus:outline-2 focus:outline-primary/30"
        }
      />
    </div>
  );
}
