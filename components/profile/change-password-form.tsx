"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useChangePassword } from "@/lib/api/operators";
import { ApiError } from "@/lib/api/client";
import { z } from "@/lib/contract/zod";
import { profileMessages } from "@/lib/i18n/sections/profile";
import { passwordSchema, secretSchema } from "@/lib/validation/schemas";
import { Button } from "@/components/ui/button";
import { FormTextField } from "@/components/ui/form-text-field";

type Field = "currentPassword" | "newPassword" | "confirm";
type Values = Record<Field, string>;
const EMPTY: Values = { currentPassword: "", newPassword: "", confirm: "" };
const t = profileMessages;

/** The current password typed, the new one by the password rule, its confirmation once that rule holds. */
const passwordForm = z
  .object({ currentPassword: secretSchema, newPassword: passwordSchema, confirm: z.string() })
  .superRefine(
    ({ newPassword, confirm }, ctx) => {
      if (confirm !== newPassword) ctx.addIssue({ code: "custom", path: ["confirm"], message: t.passwordMismatch });
    },
    { when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "newPassword") },
  );
const resolver = zodResolver(passwordForm, undefined, { raw: true });

const FIELDS: [Field, string, string][] = [
  ["currentPassword", t.currentPassword, "current-password"],
  ["newPassword", t.newPassword, "new-password"],
  ["confirm", t.confirmPassword, "new-password"],
];

/** 'Alterar senha': the server answers a fresh token pair, kept by the mutation (lib/api/operators). */
export function ChangePasswordForm() {
  const form = useForm<Values>({
    defaultValues: EMPTY,
    resolver,
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const [done, setDone] = useState(false);
  const change = useChangePassword();

  async function submit({ currentPassword, newPassword }: Values) {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset(EMPTY);
      setDone(true);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // 400 'Senha atual incorreta.' belongs beside the current password
      form.setError(error instanceof ApiError && error.status === 400 ? "currentPassword" : "confirm", { message });
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="flex flex-col gap-1.5">
      {FIELDS.map(([key, label, autoComplete]) => (
        <FormTextField
          compact
          key={key}
          form={form}
          name={key}
          label={label}
          type="password"
          autoComplete={autoComplete}
          onValueChange={() => setDone(false)}
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
