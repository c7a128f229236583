import { z } from "../contract/zod";
import { PASSWORD_MIN } from "@/lib/constants";
import { messages } from "@/lib/i18n/messages";
import { isValidAddressNumber, isValidCep, isValidEmail, isValidPhone } from "./contact";
import { onlyDigits } from "./digits";
import { isValidCnpj, isValidCpf } from "./documents";

// Field schemas shared by route handlers and forms. Each trims, reports 'Este campo não pode ficar
// vazio' for a blank value and its own pt-BR message otherwise, and outputs the stored form: digits
// only for CPF, CNPJ, CEP and phone, lower case for e-mail (the database compares e-mails that way).
const m = messages.validation;

function field(isValid: (value: string) => boolean, message: string) {
  return z
    .string({ error: m.empty })
    .trim()
    .superRefine((value, ctx) => {
      if (value === "") ctx.addIssue({ code: "custom", message: m.empty });
      else if (!isValid(value)) ctx.addIssue({ code: "custom", message });
    });
}

/** Any required text (Nome, Cidade, Rua...): trimmed, not empty. */
export const requiredSchema = z.string({ error: m.empty }).trim().min(1, m.empty);

export const cpfSchema = field(isValidCpf, m.cpf).transform(onlyDigits);
export const cnpjSchema = field(isValidCnpj, m.cnpj).transform(onlyDigits);
export const cepSchema = field(isValidCep, m.cep).transform(onlyDigits);
export const phoneSchema = field(isValidPhone, m.phone).transform(onlyDigits);
export const emailSchema = field(isValidEmail, m.email).transform((value) => value.toLowerCase());
export const addressNumberSchema = field(isValidAddressNumber, m.empty);

// Not trimmed: spaces are legitimate password characters. An empty password shows the same message
// as a short one (spec §5: 'otherwise the password error shows').
export const passwordSchema = z.string({ error: m.password }).min(PASSWORD_MIN, m.password);

/** A client's code: CNPJ for a juridicPerson, CPF for an individual. */
export function clientCodeSchema(type: "juridicPerson" | "individual") {
  return type === "juridicPerson" ? cnpjSchema : cpfSchema;
}
