import { z } from "../contract/zod";
import { PASSWORD_MIN } from "@/lib/constants";
import { validationMessages } from "@/lib/i18n/sections/validation";
import { hasForbiddenCharacters, hasNul } from "./characters";
import { isValidAddressNumber, isValidCep, isValidEmail, isValidPhone } from "./contact";
import { onlyDigits } from "./digits";
import { isValidCnpj, isValidCpf } from "./documents";

// Field schemas shared by route handlers and forms. Each trims, reports 'Este campo não pode ficar
// vazio' for a blank value, 'Este campo contém caracteres inválidos' for a control character (see
// ./characters) and its own pt-BR message otherwise, and outputs the stored form: digits only for CPF,
// CNPJ, CEP and phone, lower case for e-mail (the database compares e-mails that way). Every free-text
// field of a request body is built from these, so no control character reaches PostgreSQL.
const m = validationMessages;
const singleLine = (value: string) => !hasForbiddenCharacters(value);
const multiLine = (value: string) => !hasForbiddenCharacters(value, { multiline: true });

function field(isValid: (value: string) => boolean, message: string) {
  return z
    .string({ error: m.empty })
    .trim()
    .superRefine((value, ctx) => {
      if (value === "") ctx.addIssue({ code: "custom", message: m.empty });
      else if (!singleLine(value)) ctx.addIssue({ code: "custom", message: m.invalidCharacters });
      else if (!isValid(value)) ctx.addIssue({ code: "custom", message });
    });
}

/** Any single-line text (a token, a name that may be blank, a type hint): trimmed, no control characters. */
export const textSchema = z.string().trim().refine(singleLine, m.invalidCharacters);

/** Text that may span lines (a pendency observation): trimmed; keeps tab, line feed and carriage return. */
export const multilineTextSchema = z.string().trim().refine(multiLine, m.invalidCharacters);

/** Any required text (Nome, Cidade, Rua...): trimmed, not empty, no control characters. */
export const requiredSchema = z
  .string({ error: m.empty })
  .trim()
  .min(1, m.empty)
  .refine(singleLine, m.invalidCharacters);

export const cpfSchema = field(isValidCpf, m.cpf).transform(onlyDigits);
export const cnpjSchema = field(isValidCnpj, m.cnpj).transform(onlyDigits);
export const cepSchema = field(isValidCep, m.cep).transform(onlyDigits);
export const phoneSchema = field(isValidPhone, m.phone).transform(onlyDigits);
export const emailSchema = field(isValidEmail, m.email).transform((value) => value.toLowerCase());
export const addressNumberSchema = field(isValidAddressNumber, m.empty);

// Not trimmed: spaces are legitimate password characters, and so is any other character but NUL. An
// empty password shows the same message as a short one (spec §5: 'otherwise the password error shows').
const noNul = (value: string) => !hasNul(value);
export const passwordSchema = z
  .string({ error: m.password })
  .min(PASSWORD_MIN, m.password)
  .refine(noNul, m.invalidCharacters);

/** A password typed to be checked (login, current password, an existing account's invite): any length
 * the hash accepts, so a password set under older rules still logs in. */
export const SECRET_MAX = 1024;
export const secretSchema = z
  .string({ error: m.empty })
  .min(1, m.empty)
  .max(SECRET_MAX)
  .refine(noNul, m.invalidCharacters);

/** A client's code: CNPJ for a juridicPerson, CPF for an individual. */
export function clientCodeSchema(type: "juridicPerson" | "individual") {
  return type === "juridicPerson" ? cnpjSchema : cpfSchema;
}
