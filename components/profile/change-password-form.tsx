"use client";

import { useState } from "react";
import { useChangePassword } from "@/lib/api/operators";
import { ApiError } from "@/lib/api/client";
import { profileMessages } from "@/lib/i18n/sections/profile";
import { validationMessages } from "@/lib/i18n/sections/validation";
import { passwordSchema } from "@/lib/validation/schemas";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

type Field = "currentPassword" | "newPassword" | "confirm";
const EMPTY: Record<Field, string> = { currentPassword: "", newPassword: "", confirm: "" };
const t = profileMessages;

function validate(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.currentPassword) errors.currentPassword = validationMessages.empty;
  const strong = passwordSchema.safeParse(values.newPassword);
  if (!strong.success) errors.newPassword = strong.error.issues[0]?.message;
  else if (values.confirm !== values.newPassword) errors.confirm = t.passwordMismatch;
  return errors;
}

/** 'Alterar senha': the server answers a fresh token pair, kept by the mutation (lib/api/operators). */
export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [done, setDone] = useState(false);
  const change = useChangePassword();

  const setField = (key: Field, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setDone(false);
  };

  async function submit() {
    const found = validate(values);
    if (Object.values(found).some(Boolean)) return setErrors(found);
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues(EMPTY);
      setDone(true);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // 400 'Senha atual incorreta.' belongs beside the current password
      setErrors(
        error instanceof ApiError && error.status === 400 ? { currentPassword: message } : { confirm: message },
      );
    }
  }

  const fields: [Field, string, string][] = [
    ["currentPassword", t.currentPassword, "current-password"],
    ["newPassword", t.newPassword, "new-password"],
    ["confirm", t.confirmPassword, "new-password"],
  ];
  return (
    <form noValidate onSubmit={(event) => (event.preventDefault(), void submit())} className="flex flex-col gap-1.5">
      {fields.map(([key, label, autoComplete]) => (
        <TextField
          compact
          key={key}
          label={label}
          type="password"
          autoComplete={autoComplete}
          value={values[key]}
          error={errors[key]}
          onValueChange={(value) => setField(key, value)}
        />
      ))}
      {done ? (
        <p role="status" className="text-sm font-medium text-status-shared">
          {t.passwordChanged}
        </p>
      ) : null}
      <Button type="submit" loading={change.isPending} className="self-end">
        {t.changePassword}
      </Button>
    </form>
  );
}
