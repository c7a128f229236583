/** Removes every character that is not an ASCII digit: '123.456.789-09' -> '12345678909'. */
export function onlyDigits(value: string): string {
  return value.replace(/\D+/g, "");
}

// A document number may arrive masked (000.000.000-00, 00.000.000/0000-00) or bare; anything beyond
// digits and those mask characters (letters, other symbols) is not a number the user meant.
const MASKED_NUMBER = /^[\d./\-\s]*$/;

/** The digits of a masked number, or null when the text holds characters no mask uses. */
export function maskedDigits(value: string): string | null {
  return MASKED_NUMBER.test(value) ? onlyDigits(value) : null;
}

/** True when every character is the same (00000000000, 11111111111111...): such numbers pass mod 11. */
export function isRepeatedDigit(digits: string): boolean {
  return /^(\d)\1*$/.test(digits);
}
