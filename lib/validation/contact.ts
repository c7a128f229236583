import { NUMBER_MAX_DIGITS } from "@/lib/constants";

// "A standard address shape" (spec §5): the WHATWG e-mail grammar that browsers use for
// <input type=email>, plus a dot in the domain (an intranet 'user@host' is not an address our
// clients can be reached at) and the 254-character limit of RFC 5321.
const LABEL = "[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?";
const EMAIL = new RegExp(`^[a-zA-Z0-9.!#$%&'*+/=?^_\`{|}~-]+@${LABEL}(?:\\.${LABEL})+$`);
const EMAIL_MAX = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL.test(value);
}

// The UI sends masked values (CEP 9 characters, phone 16); the database keeps digits. Both forms are
// accepted so a value read back from the database validates too.
const CEP_MASKED = /^\d{5}-\d{3}$/;
const CEP_DIGITS = /^\d{8}$/;

/** CEP: '00000-000' (9 characters) or its 8 digits. */
export function isValidCep(value: string): boolean {
  return CEP_MASKED.test(value) || CEP_DIGITS.test(value);
}

const PHONE_MASKED = /^\(\d{2}\) \d \d{4}-\d{4}$/;
const PHONE_DIGITS = /^\d{11}$/;
// A landline: eight digits after the area code, the first 2 to 5 (Anatel's fixed-line range), so an old
// eight-digit mobile number missing its leading 9 ('(11) 9876-5432') is still refused.
const LANDLINE_MASKED = /^\(\d{2}\) [2-5]\d{3}-\d{4}$/;
const LANDLINE_DIGITS = /^\d{2}[2-5]\d{7}$/;

/** Phone: a mobile '(00) 0 0000-0000' (the spec's 16 characters) or a landline '(00) 0000-0000', masked or digits. */
export function isValidPhone(value: string): boolean {
  return (
    PHONE_MASKED.test(value) || PHONE_DIGITS.test(value) || LANDLINE_MASKED.test(value) || LANDLINE_DIGITS.test(value)
  );
}

/** Address 'Número': 1 to 10 digits. */
export function isValidAddressNumber(value: string): boolean {
  return value.length > 0 && value.length <= NUMBER_MAX_DIGITS && /^\d+$/.test(value);
}
