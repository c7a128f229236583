"use client";

import { useController, type FieldPathByValue, type FieldValues, type UseFormReturn } from "react-hook-form";
import { TextField, type TextFieldProps } from "./text-field";

export type FormTextFieldProps<T extends FieldValues, C, R extends FieldValues> = Omit<
  TextFieldProps,
  "form" | "name" | "value" | "defaultValue" | "error" | "onChange"
> & {
  /** The react-hook-form form the field belongs to. */
  form: UseFormReturn<T, C, R>;
  /** The field's path in the form's values (also the input's name). */
  name: FieldPathByValue<T, string>;
  /** Applied to every change before it is kept (CPF, phone, CEP...). */
  mask?: (value: string) => string;
};

/**
 * A `TextField` bound to a react-hook-form field: its value, its error (the resolver's or the server's,
 * set with setError), masked as typed. Typing clears the field's own error (spec §5: errors clear on
 * typing); the forms validate on submit only (`reValidateMode: "onSubmit"`), so it does not come back
 * before the next submit.
 */
export function FormTextField<T extends FieldValues, C, R extends FieldValues>({
  form,
  name,
  mask,
  onValueChange,
  ...input
}: FormTextFieldProps<T, C, R>) {
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <TextField
      {...input}
      name={field.name}
      value={field.value}
      error={fieldState.error?.message}
      onValueChange={(value) => {
        field.onChange(mask ? mask(value) : value);
        if (fieldState.error) form.clearErrors(name);
        onValueChange?.(value);
      }}
    />
  );
}
