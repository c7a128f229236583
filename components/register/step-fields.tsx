"use client";

import type { UseFormReturn } from "react-hook-form";
import { FormTextField } from "@/components/ui/form-text-field";
import type { FieldSpec, RegisterData, StepContext } from "./register-state";

type Props = {
  fields: readonly FieldSpec[];
  /** The wizard's form: each field's value and its §5 message (by 'Continuar' or by the server). */
  form: UseFormReturn<RegisterData, StepContext>;
  /** Any typing (the form's own message goes with it). */
  onChange: () => void;
};

/** One slide's fields in a two-column grid, masked as typed, each with its own error. */
export function StepFields({ fields, form, onChange }: Props) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {fields.map((field) => (
        <FormTextField
          key={field.key}
          form={form}
          name={field.key}
          mask={field.mask}
          className={field.wide ? "sm:col-span-2" : undefined}
          label={field.label}
          inputMode={field.inputMode}
          autoComplete={field.autoComplete}
          placeholder={field.placeholder}
          onValueChange={onChange}
        />
      ))}
    </div>
  );
}
