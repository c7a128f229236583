import { maskCep, maskCnpj, maskCpf, maskNumber, maskPhone } from "@/lib/format/masks";
import type { RegisterBody } from "@/lib/contract/register";
import { registerMessages } from "@/lib/i18n/sections/register";
import { isValidCep, isValidCnpj, isValidCpf, isValidEmail, isValidPhone, onlyDigits } from "@/lib/validation";

// The sign-up wizard's data (spec §2): three slides of fields and a fourth step. The sign-up is
// real: 'Continuar' checks the slide's fields with the server's own rules (lib/contract/register.ts,
// §5 messages), the payment slide creates the office (the card fields never leave the browser) and the
// fourth step says to check the e-mail. The values live in a react-hook-form form (register-wizard.tsx).

/** The landing page's dialog hands the e-mail over in this query parameter. */
export { REGISTER_EMAIL_PARAM } from "./register-param";

export type RegisterData = {
  firstName: string;
  lastName: string;
  cpf: string;
  phone: string;
  companyName: string;
  cnpj: string;
  email: string;
  companyPhone: string;
  cep: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
  cardNumber: string;
  expiry: string;
  cvv: string;
  cardName: string;
};
export type RegisterField = keyof RegisterData;

export const emptyRegisterData = (email = ""): RegisterData => ({
  firstName: "",
  lastName: "",
  cpf: "",
  phone: "",
  companyName: "",
  cnpj: "",
  email,
  companyPhone: "",
  cep: "",
  street: "",
  number: "",
  neighborhood: "",
  city: "",
  state: "",
  cardNumber: "",
  expiry: "",
  cvv: "",
  cardName: "",
});

/** Card number in groups of four, at most 19 digits. */
export const maskCardNumber = (value: string): string =>
  onlyDigits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
/** Validade MM/AA. */
export function maskExpiry(value: string): string {
  const digits = onlyDigits(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
/** CVV: 3 or 4 digits. */
export const maskCvv = (value: string): string => onlyDigits(value).slice(0, 4);
/** Estado: the two-letter UF. */
export const maskState = (value: string): string =>
  value
    .replace(/[^a-zA-Z]/g, "")
    .slice(0, 2)
    .toUpperCase();

export const lastFour = (cardNumber: string): string => onlyDigits(cardNumber).slice(-4);

export type FieldSpec = {
  key: RegisterField;
  label: string;
  mask?: (value: string) => string;
  inputMode?: "numeric" | "tel" | "email" | "text";
  autoComplete?: string;
  placeholder?: string;
  /** A hint shown after leaving a filled field that looks wrong; it never blocks. */
  check?: (value: string) => boolean;
  hint?: string;
  wide?: boolean;
};

const f = registerMessages.fields;
const h = registerMessages.hints;

export const STEP_FIELDS: readonly (readonly FieldSpec[])[] = [
  [
    { key: "firstName", label: f.firstName, autoComplete: "given-name" },
    { key: "lastName", label: f.lastName, autoComplete: "family-name" },
    {
      key: "cpf",
      label: f.cpf,
      mask: maskCpf,
      inputMode: "numeric",
      placeholder: "000.000.000-00",
      check: isValidCpf,
      hint: h.cpf,
    },
    {
      key: "phone",
      label: f.phone,
      mask: maskPhone,
      inputMode: "tel",
      autoComplete: "tel",
      placeholder: "(00) 0 0000-0000",
      check: isValidPhone,
      hint: h.phone,
    },
  ],
  [
    { key: "companyName", label: f.companyName, autoComplete: "organization", wide: true },
    {
      key: "cnpj",
      label: f.cnpj,
      mask: maskCnpj,
      inputMode: "numeric",
      placeholder: "00.000.000/0000-00",
      check: isValidCnpj,
      hint: h.cnpj,
    },
    { key: "email", label: f.email, inputMode: "email", autoComplete: "email", check: isValidEmail, hint: h.email },
    {
      key: "companyPhone",
      label: f.phone,
      mask: maskPhone,
      inputMode: "tel",
      placeholder: "(00) 0 0000-0000",
      check: isValidPhone,
      hint: h.phone,
    },
    {
      key: "cep",
      label: f.cep,
      mask: maskCep,
      inputMode: "numeric",
      autoComplete: "postal-code",
      placeholder: "00000-000",
      check: isValidCep,
      hint: h.cep,
    },
    { key: "street", label: f.street, autoComplete: "address-line1", wide: true },
    { key: "number", label: f.number, mask: maskNumber, inputMode: "numeric" },
    { key: "neighborhood", label: f.neighborhood },
    { key: "city", label: f.city, autoComplete: "address-level2" },
    { key: "state", label: f.state, mask: maskState, autoComplete: "address-level1", placeholder: "UF" },
  ],
  [
    {
      key: "cardNumber",
      label: f.cardNumber,
      mask: maskCardNumber,
      inputMode: "numeric",
      autoComplete: "cc-number",
      placeholder: "0000 0000 0000 0000",
      wide: true,
    },
    {
      key: "expiry",
      label: f.expiry,
      mask: maskExpiry,
      inputMode: "numeric",
      autoComplete: "cc-exp",
      placeholder: "MM/AA",
    },
    { key: "cvv", label: f.cvv, mask: maskCvv, inputMode: "numeric", autoComplete: "cc-csc", placeholder: "000" },
    { key: "cardName", label: f.cardName, autoComplete: "cc-name", wide: true },
  ],
];

/** What is sent: every field but the card's (payment is not part of this version). */
export function registerPayload(data: RegisterData): RegisterBody {
  const { cardNumber: _n, expiry: _e, cvv: _c, cardName: _name, ...sent } = data;
  return sent;
}

/** What the slide's resolver is told: which slide 'Continuar' checks. */
export type StepContext = { step: number };

/** The slide holding a field (server errors send the wizard back to the first slide with one). */
export const stepOf = (key: string): number =>
  STEP_FIELDS.findIndex((fields) => fields.some((field) => field.key === key));
