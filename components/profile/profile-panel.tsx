"use client";

import { useSaveProfile, type Operator } from "@/lib/api/operators";
import { ApiError } from "@/lib/api/client";
import { z } from "@/lib/contract/zod";
import { maskCpf, maskPhone } from "@/lib/format";
import { messages } from "@/lib/i18n/messages";
import { cpfSchema, emailSchema, phoneSchema, requiredSchema } from "@/lib/validation";
import { EditActions } from "./edit-actions";
import { FormField } from "./form-field";
import { fieldErrors, useEditForm } from "./use-edit-form";

type Field = "name" | "code" | "email" | "phone";

// Spec §5 "Profile save": valid e-mail, valid CPF, non-empty name, valid phone.
const profileForm = z.object({ name: requiredSchema, code: cpfSchema, email: emailSchema, phone: phoneSchema });

const t = messages.profile;

/** Nome, CPF, E-mail, Telefone with Editar / Salver / Cancelar (spec §2, §4). */
export function ProfilePanel({ profile }: { profile: Operator }) {
  const form = useEditForm<Field>({
    name: profile.name,
    code: maskCpf(profile.code ?? ""),
    email: profile.email,
    phone: maskPhone(profile.phone ?? ""),
  });
  const save = useSaveProfile();

  async function submit() {
    const parsed = profileForm.safeParse(form.values);
    if (!parsed.success) return form.setErrors(fieldErrors<Field>(parsed.error));
    try {
      await save.mutateAsync(parsed.data);
      form.finish();
    } catch (error) {
      // 409: the e-mail belongs to another user; anything else shows under the buttons.
      if (error instanceof ApiError && error.code === "conflict") form.setErrors({ email: error.message });
    }
  }

  const readOnly = !form.editing;
  const fields: { key: Field; label: string; mask?: (value: string) => string; type?: string; inputMode?: "numeric" | "email" | "tel" }[] = [
    { key: "name", label: t.name },
    { key: "code", label: t.cpf, mask: maskCpf, inputMode: "numeric" },
    { key: "email", label: t.email, type: "email", inputMode: "email" },
    { key: "phone", label: t.phone, mask: maskPhone, inputMode: "tel" },
  ];

  return (
    <form noValidate onSubmit={(event) => (event.preventDefault(), void submit())} className="flex flex-col gap-1.5">
      {fields.map(({ key, label, mask, type, inputMode }) => (
        <FormField
          key={key}
          label={label}
          type={type ?? "text"}
          inputMode={inputMode}
          readOnly={readOnly}
          value={form.values[key]}
          error={form.errors[key]}
          onValueChange={(value) => form.setField(key, mask ? mask(value) : value)}
        />
      ))}
      {save.isError && !(save.error instanceof ApiError && save.error.code === "conflict") ? (
        <p role="alert" className="text-sm text-danger">
          {save.error.message}
        </p>
      ) : null}
      <EditActions
        className="mt-0.5"
        editing={form.editing}
        saving={save.isPending}
        onEdit={form.start}
        onCancel={() => (form.cancel(), save.reset())}
      />
    </form>
  );
}
