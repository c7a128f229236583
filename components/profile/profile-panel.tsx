"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useWatch } from "react-hook-form";
import { useSaveProfile, type Operator } from "@/lib/api/operators";
import { ApiError } from "@/lib/api/client";
import { maskCpf, maskPhone } from "@/lib/format/masks";
import { profileMessages } from "@/lib/i18n/sections/profile";
import { EditActions } from "./edit-actions";
import { FormTextField } from "@/components/ui/form-text-field";
import {
  emailChanges,
  profileBody,
  profileSchema,
  serverErrors,
  type ProfileField,
  type ProfileOutput,
} from "./profile-form";
import { useEditForm } from "./use-edit-form";

type Field = Exclude<ProfileField, "currentPassword">;

const t = profileMessages;

const FIELDS: {
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

/**
 * Nome, CPF, E-mail, Telefone with Editar / Salver / Cancelar (spec §2, §4). Editing the e-mail shows
 * 'Senha atual': the server refuses a new login e-mail without the current password.
 */
export function ProfilePanel({ profile }: { profile: Operator }) {
  const { form, editing, start, cancel, finish } = useEditForm<Record<ProfileField, string>, ProfileOutput>(
    {
      name: profile.name,
      code: maskCpf(profile.code ?? ""),
      email: profile.email,
      phone: maskPhone(profile.phone ?? ""),
      currentPassword: "",
    },
    zodResolver(profileSchema(profile.email)),
  );
  const save = useSaveProfile();
  const email = useWatch({ control: form.control, name: "email" });
  const askPassword = editing && emailChanges(email, profile.email);

  async function submit(checked: ProfileOutput) {
    try {
      await save.mutateAsync(profileBody(checked, profile.email));
      finish();
    } catch (error) {
      // A refused field shows beside its label; anything else shows under the buttons.
      if (!(error instanceof ApiError)) return;
      for (const [key, message] of Object.entries(serverErrors(error))) form.setError(key as ProfileField, { message });
    }
  }

  const shownBeside = save.error instanceof ApiError && Object.keys(serverErrors(save.error)).length > 0;

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="flex flex-col gap-1.5">
      {FIELDS.map(({ key, label, mask, type, inputMode }) => (
        <FormTextField
          compact
          key={key}
          form={form}
          name={key}
          mask={mask}
          label={label}
          type={type ?? "text"}
          inputMode={inputMode}
          readOnly={!editing}
        />
      ))}
      {askPassword ? (
        <FormTextField
          compact
          form={form}
          name="currentPassword"
          label={t.currentPassword}
          type="password"
          autoComplete="current-password"
        />
      ) : null}
      {save.isError && !shownBeside ? (
        <p role="alert" className="text-sm text-danger">
          {save.error.message}
        </p>
      ) : null}
      <EditActions
        className="mt-0.5"
        editing={editing}
        saving={save.isPending}
        onEdit={start}
        onCancel={() => (cancel(), save.reset())}
      />
    </form>
  );
}
