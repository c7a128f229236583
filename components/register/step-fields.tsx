"use client";

import { TextField } from "@/components/ui/text-field";
import type { FieldSpec, RegisterData, RegisterField } from "./register-state";

type Props = {
  fields: readonly FieldSpec[];
  data: RegisterData;
  /** The §5 message of each refused field (by 'Continuar' or by the server); typing clears it. */
  errors: Partial<Record<RegisterField, string>>;
  onChange: (key: RegisterField, value: string) => void;
};

/** One slide's fields in a two-column grid, masked as typed, each with its own error. */
export function StepFields({ fields, data, errors, onChange }: Props) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {fields.map((field) => (
        <TextField
          key={field.key}
          className={field.wide ? "sm:col-span-2" : undefined}
          label={field.label}
          name={field.key}
          value={data[field.key]}
          inputMode={field.inputMode}
          autoComplete={field.autoComplete}
          placeholder={field.placeholder}
          error={errors[field.key]}
          onChange={(event) => onChange(field.key, field.mask ? field.mask(event.target.value) : event.target.value)}
        />
      ))}
    </div>
  );
}
