import type { ProfileBody } from "@/lib/api/operators";
import { z } from "@/lib/contract/zod";
import { operatorsMessages } from "@/lib/i18n/sections/operators";
import { cpfSchema, emailSchema, phoneSchema, requiredSchema } from "@/lib/validation/schemas";

// The 'Perfil' form (spec §5 "Profile save": valid e-mail, valid CPF, non-empty name, valid phone) and
// the current password the server asks for when the e-mail changes: the e-mail is the login, and a
// stolen session must not be able to move it.
export type ProfileField = "name" | "code" | "email" | "phone" | "currentPassword";
export type ProfileValues = Record<ProfileField, string>;

/** The server compares stored forms (trimmed, lower case): only a real change asks for the password. */
export const emailChanges = (typed: string, current: string) =>
  typed.trim().toLowerCase() !== current.trim().toLowerCase();

/** The form's rules (its zod resolver's schema); `currentEmail` is the stored login e-mail. */
export function profileSchema(currentEmail: string) {
  return z
    .object({
      name: requiredSchema,
      code: cpfSchema,
      email: emailSchema,
      phone: phoneSchema,
      currentPassword: z.string(),
    })
    .superRefine(
      ({ email, currentPassword }, ctx) => {
        if (emailChanges(email, currentEmail) && !currentPassword)
          ctx.addIssue({
            code: "custom",
            path: ["currentPassword"],
            message: operatorsMessages.currentPasswordRequired,
          });
      },
      // Also when other fields failed: the missing password shows with their messages.
      { when: () => true },
    );
}
export type ProfileOutput = z.output<ReturnType<typeof profileSchema>>;

/** The body to send from the checked values: the current password only with a new e-mail. */
export function profileBody({ currentPassword, ...data }: ProfileOutput, currentEmail: string): ProfileBody {
  return emailChanges(data.email, currentEmail) ? { ...data, currentPassword } : data;
}

const FIELDS: readonly string[] = ["name", "code", "email", "phone", "currentPassword"] satisfies ProfileField[];

/** The server's refused fields mapped to the form (a 409 on the e-mail has no field list: it is the e-mail). */
export function serverErrors(error: {
  code: string;
  message: string;
  fields: { path: string; message: string }[];
}): Partial<Record<ProfileField, string>> {
  if (error.code === "conflict") return { email: error.message };
  const errors: Partial<Record<ProfileField, string>> = {};
  for (const field of error.fields)
    if (FIELDS.includes(field.path)) errors[field.path as ProfileField] ??= field.message;
  return errors;
}
