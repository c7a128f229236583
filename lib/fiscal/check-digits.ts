// The check digits of Brazilian fiscal and payment codes: both weigh the digits from the right.

/** Sum of the digits weighted 2, 3, …, 9, 2, 3, … from the right (the modulo-11 family). */
export function mod11Sum(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return sum;
}

/** The access key's DV: 11 − (sum mod 11), and 0 where that is 10 or 11. */
export function accessKeyDigit(digits: string): number {
  const dv = 11 - (mod11Sum(digits) % 11);
  return dv >= 10 ? 0 : dv;
}

/** A bank boleto's general DV: 11 − (sum mod 11), and 1 where that is 0, 10 or 11. */
export function boletoDigit(digits: string): number {
  const dv = 11 - (mod11Sum(digits) % 11);
  return dv === 0 || dv >= 10 ? 1 : dv;
}

/** A collection slip's modulo-11 DV: 0 where the remainder is 0 or 1, 1 where it is 10. */
export function collectionMod11Digit(digits: string): number {
  const rest = mod11Sum(digits) % 11;
  if (rest === 0 || rest === 1) return 0;
  if (rest === 10) return 1;
  return 11 - rest;
}

/** Modulo 10: the digits weighted 2, 1, 2, … from the right, each product's digits added. */
export function mod10Digit(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}
