"use client";

import { useSaveProfile, type Operator } from "@/lib/api/operators";
import { ApiError } from "@/lib/api/client";
import { maskCpf, maskPhone } from "@/lib/format/masks";
import { profileMessages } from "@/lib/i18n/sections/profile";
import { EditActions } from "./edit-actions";
import { TextField } from "@/components/ui/text-field";
import { emailChanges, serverErrors, validateProfile, type ProfileField } from "./profile-form";
import { useEditForm } from "./use-edit-form";

type Field = Exclude<ProfileField, "currentPassword">;

const t = profileMessages;

/**
 * Nome, CPF, E-mail, Telefone with Editar / Salver / Cancelar (spec §2, §4). Editing the e-mail shows
 * 'Senha atual': the server refuses a new login e-mail without the current password.
 */
export function ProfilePanel({ profile }: { profile: Operator }) {
  const form = useEditForm<ProfileField>({
    name: profile.name,
    code: maskCpf(profile.code ?? ""),
    email: profile.email,
    phone: maskPhone(profile.phone ?? ""),
    currentPassword: "",
  });
  const save = useSaveProfile();
  const askPassword = form.editing && emailChanges(form.values.email, profile.email);

  async function submit() {
    const checked = validateProfile(form.values, profile.email);
    if ("errors" in checked) return form.setErrors(checked.errors);
    try {
      await save.mutateAsync(checked.body);
      form.finish();
    } catch (error) {
      // A refused field shows beside its label; anything else shows under the buttons.
      if (error instanceof ApiError) form.setErrors(serverErrors(error));
    }
  }

  const readOnly = !form.editing;
  const fields: {
    key: Field;
    label: string;
    mask?: (value: string) => string;
    type?: string;
    inputMode?: "numeric" | "email" | "tel";
  }[] = [
    { key: "name", label: t.name },
    { key: "code", label: t.cpf, mask: maskCpf, inputMode: "numeric" },
    { key: "email", label: t.email, type: "email", inputMode: "email" },
    { key: "phone", label: t.phone, mask: maskPhone, inputMode: "tel" },
  ];
  const shownBeside = save.error instanceof ApiError && Object.keys(serverErrors(save.error)).length > 0;

  return (
    <form noValidate onSubmit={(event) => (event.preventDefault(), void submit())} className="flex flex-col gap-1.5">
      {fields.map(({ key, label, mask, type, inputMode }) => (
        <TextField
          compact
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
      {askPassword ? (
        <TextField
          compact
          label={t.currentPassword}
          type="password"
          autoComplete="current-password"
          value={form.values.currentPassword}
          error={form.errors.currentPassword}
          onValueChange={(value) => form.setField("currentPassword", value)}
        />
      ) : null}
      {save.isError && !shownBeside ? (
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
