import { CNPJ_LENGTH, CPF_LENGTH } from "@/lib/constants";
import { isRepeatedDigit, maskedDigits } from "./digits";

// Spec §5. Both check digits are "modulo 11": the weighted sum's remainder r gives 0 when r < 2,
// otherwise 11 - r.
function mod11Digit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * weights[i];
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

// CPF weights count down from 10 (first digit) and 11 (second digit) to 2.
const CPF_W1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_W2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
// CNPJ weights cycle 2..9 from the right.
const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** The two check digits of the first 9 digits of a CPF. */
export function cpfCheckDigits(base9: string): string {
  const d1 = mod11Digit(base9, CPF_W1);
  const d2 = mod11Digit(`${base9}${d1}`, CPF_W2);
  return `${d1}${d2}`;
}

/** The two check digits of the first 12 digits of a CNPJ. */
export function cnpjCheckDigits(base12: string): string {
  const d1 = mod11Digit(base12, CNPJ_W1);
  const d2 = mod11Digit(`${base12}${d1}`, CNPJ_W2);
  return `${d1}${d2}`;
}

// 123.456.789-09 has correct check digits but is the textbook example everyone types: the spec
// refuses it explicitly.
const CPF_EXAMPLE = "12345678909";

/** Spec §5: 11 digits (mask allowed), not all equal, not 12345678909, both check digits right. */
export function isValidCpf(value: string): boolean {
  const digits = maskedDigits(value);
  if (digits === null || digits.length !== CPF_LENGTH) return false;
  if (isRepeatedDigit(digits) || digits === CPF_EXAMPLE) return false;
  return digits.slice(9) === cpfCheckDigits(digits.slice(0, 9));
}

/** Spec §5: 14 digits (mask allowed), not all equal, both check digits right (weights 2 to 9). */
export function isValidCnpj(value: string): boolean {
  const digits = maskedDigits(value);
  if (digits === null || digits.length !== CNPJ_LENGTH) return false;
  if (isRepeatedDigit(digits)) return false;
  return digits.slice(12) === cnpjCheckDigits(digits.slice(0, 12));
}
