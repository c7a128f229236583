"use client";

import { useState } from "react";
import { TextField } from "@/components/ui/text-field";
import type { FieldSpec, RegisterData, RegisterField } from "./register-state";

type Props = {
  fields: readonly FieldSpec[];
  data: RegisterData;
  onChange: (key: RegisterField, value: string) => void;
};

/** One slide's fields in a two-column grid, masked as typed, with hints after leaving a doubtful field. */
export function StepFields({ fields, data, onChange }: Props) {
  const [left, setLeft] = useState<ReadonlySet<RegisterField>>(new Set());
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {fields.map((field) => {
        const value = data[field.key];
        const doubtful = left.has(field.key) && value !== "" && field.check !== undefined && !field.check(value);
        return (
          <TextField
            key={field.key}
            className={field.wide ? "sm:col-span-2" : undefined}
            label={field.label}
            name={field.key}
            value={value}
            inputMode={field.inputMode}
            autoComplete={field.autoComplete}
            placeholder={field.placeholder}
            error={doubtful ? field.hint : undefined}
            onBlur={() => setLeft((keys) => new Set(keys).add(field.key))}
            onChange={(event) => onChange(field.key, field.mask ? field.mask(event.target.value) : event.target.value)}
          />
        );
      })}
    </div>
  );
}
