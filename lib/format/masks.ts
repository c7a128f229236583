import { NUMBER_MAX_DIGITS } from "@/lib/constants";
import { onlyDigits } from "@/lib/validation/digits";

// Progressive input masks (spec §5): they format whatever digits have been typed so far, so they can
// run on every keystroke. In a pattern '0' takes the next digit; any other character is written only
// when a digit follows it, so a half-typed value never ends in a dangling separator.
function applyMask(pattern: string, value: string): string {
  const digits = onlyDigits(value);
  let out = "";
  let next = 0;
  for (const char of pattern) {
    if (next >= digits.length) break;
    if (char === "0") out += digits[next++];
    else out += char;
  }
  return out;
}

export const CPF_MASK = "000.000.000-00";
export const CNPJ_MASK = "00.000.000/0000-00";
export const CEP_MASK = "00000-000";
export const PHONE_MASK = "(00) 0 0000-0000";
export const LANDLINE_MASK = "(00) 0000-0000";

export const maskCpf = (value: string): string => applyMask(CPF_MASK, value);
export const maskCnpj = (value: string): string => applyMask(CNPJ_MASK, value);
export const maskCep = (value: string): string => applyMask(CEP_MASK, value);
/** A mobile number (its first digit after the area code is 9, or it has 11 digits) takes the spec's mask;
 * any other number up to 10 digits is a landline '(00) 0000-0000'. */
export function maskPhone(value: string): string {
  const digits = onlyDigits(value);
  const mobile = digits.length > 10 || digits[2] === "9";
  return applyMask(mobile ? PHONE_MASK : LANDLINE_MASK, digits);
}

/** A client's code with the mask of its type. */
export function maskClientCode(type: "juridicPerson" | "individual", value: string): string {
  return type === "juridicPerson" ? maskCnpj(value) : maskCpf(value);
}

/** Address 'Número': digits only, at most 10. */
export function maskNumber(value: string): string {
  return onlyDigits(value).slice(0, NUMBER_MAX_DIGITS);
}
