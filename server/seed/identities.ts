import { cnpjCheckDigits, cpfCheckDigits, isValidCpf } from "@/lib/validation";

// Valid but made-up Brazilian identifiers. The seed passes its seeded source so the demo numbers are
// the same on every install; tests use Math.random for unique ones.
export type Rng = () => number;

const digits = (count: number, random: Rng) => Array.from({ length: count }, () => Math.floor(random() * 10)).join("");

/** A valid CPF (digits only), never one of the numbers the rules refuse. */
export function randomCpf(random: Rng = Math.random): string {
  for (;;) {
    const base = digits(9, random);
    const cpf = base + cpfCheckDigits(base);
    if (isValidCpf(cpf)) return cpf;
  }
}

/** A valid CNPJ (digits only) of a head office (branch 0001). */
export function randomCnpj(random: Rng = Math.random): string {
  for (;;) {
    const root = digits(8, random);
    if (/^0+$/.test(root)) continue;
    const base = `${root}0001`;
    return base + cnpjCheckDigits(base);
  }
}

/** A São Paulo mobile number, digits only (11: area code, 9, eight digits). */
export function randomPhone(random: Rng = Math.random, areaCode = "11"): string {
  return `${areaCode}9${digits(8, random)}`;
}

/** A random string of digits, e.g. for account codes in tests. */
export function randomDigits(count: number, random: Rng = Math.random): string {
  return digits(count, random);
}
