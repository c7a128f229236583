import type { ProfileBody } from "@/lib/api/operators";
import { z } from "@/lib/contract/zod";
import { operatorsMessages } from "@/lib/i18n/sections/operators";
import { cpfSchema, emailSchema, phoneSchema, requiredSchema } from "@/lib/validation/schemas";
import type { FieldErrors } from "./use-edit-form";

// The 'Perfil' form (spec §5 "Profile save": valid e-mail, valid CPF, non-empty name, valid phone) and
// the current password the server asks for when the e-mail changes: the e-mail is the login, and a
// stolen session must not be able to move it.
export type ProfileField = "name" | "code" | "email" | "phone" | "currentPassword";
export type ProfileValues = Record<ProfileField, string>;

const profileForm = z.object({ name: requiredSchema, code: cpfSchema, email: emailSchema, phone: phoneSchema });

/** The server compares stored forms (trimmed, lower case): only a real change asks for the password. */
export const emailChanges = (typed: string, current: string) =>
  typed.trim().toLowerCase() !== current.trim().toLowerCase();

/** The body to send, or the message of each refused field. */
export function validateProfile(
  values: ProfileValues,
  currentEmail: string,
): { body: ProfileBody } | { errors: FieldErrors<ProfileField> } {
  const errors: FieldErrors<ProfileField> = {};
  const parsed = profileForm.safeParse(values);
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path.join(".") as ProfileField] ??= issue.message;
  const needsPassword = emailChanges(values.email, currentEmail);
  if (needsPassword && !values.currentPassword) errors.currentPassword = operatorsMessages.currentPasswordRequired;
  if (!parsed.success || errors.currentPassword) return { errors };
  return { body: { ...parsed.data, ...(needsPassword ? { currentPassword: values.currentPassword } : {}) } };
}

const FIELDS: readonly string[] = ["name", "code", "email", "phone", "currentPassword"] satisfies ProfileField[];

/** The server's refused fields mapped to the form (a 409 on the e-mail has no field list: it is the e-mail). */
export function serverErrors(error: {
  code: string;
  message: string;
  fields: { path: string; message: string }[];
}): FieldErrors<ProfileField> {
  if (error.code === "conflict") return { email: error.message };
  const errors: FieldErrors<ProfileField> = {};
  for (const field of error.fields)
    if (FIELDS.includes(field.path)) errors[field.path as ProfileField] ??= field.message;
  return errors;
}
