// Money is integer cents everywhere (the database keeps BigInt); text exists only at the edges.
// Formatting is done by hand rather than with Intl: Intl puts a no-break space after 'R$', and the
// spec's own texts ('R$ 0,00', 'R$ 49,99') use a plain one that inputs and tests compare against.

// 15 digits keep the cents inside Number.MAX_SAFE_INTEGER (R$ 9.999.999.999.999,99).
export const MONEY_MAX_DIGITS = 15;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/** 123456 -> 'R$ 1.234,56'; 0 -> 'R$ 0,00'; -150 -> '-R$ 1,50'. */
export function formatCents(cents: number | bigint): string {
  if (typeof cents === "number" && !Number.isSafeInteger(cents)) {
    throw new RangeError(`formatCents expects integer cents, got ${cents}`);
  }
  const value = BigInt(cents);
  const negative = value < BigInt(0);
  const abs = negative ? -value : value;
  const text = abs.toString().padStart(3, "0");
  const reais = groupThousands(text.slice(0, -2));
  return `${negative ? "-" : ""}R$ ${reais},${text.slice(-2)}`;
}

/**
 * The currency input of the block form (spec §5): whatever is typed, its digits read as cents.
 * 'R$ 1.234,56' -> 123456; '' -> 0. Digits beyond MONEY_MAX_DIGITS are ignored, like a full input.
 */
export function parseCurrencyInput(text: string): number {
  const digits = text.replace(/\D+/g, "").replace(/^0+/, "").slice(0, MONEY_MAX_DIGITS);
  return digits === "" ? 0 : Number(digits);
}

/**
 * A value pasted into the currency input, read as an amount (typed digits are cents; a pasted value is
 * what it says): 'R$ 1.234,56', '1234,56', '1,234.56', '1.500' (thousands), '1234.5', '10' (whole reais)
 * -> cents. null for what is no amount of at most two decimals ('-50,00', '12,345', 'abc', too many
 * digits): the input then stays as it was.
 */
export function parsePastedMoney(text: string): number | null {
  const t = text.trim().replace(/^r\$/i, "").replace(/\s+/g, "");
  if (!/^\d[\d.,]*$/.test(t)) return null;
  const comma = t.lastIndexOf(",");
  const dot = t.lastIndexOf(".");
  // Which separator, if any, is the decimal one: the last of the two when both appear; a lone comma;
  // a lone dot followed by one or two digits ('1234.5'), never three ('1.500' groups thousands).
  let decimalAt = -1;
  if (comma >= 0 && dot >= 0) decimalAt = Math.max(comma, dot);
  else if (comma >= 0) decimalAt = t.indexOf(",") === comma ? comma : -2;
  else if (dot >= 0 && t.indexOf(".") === dot && t.length - dot - 1 <= 2) decimalAt = dot;
  if (decimalAt === -2) return null;
  const integer = decimalAt >= 0 ? t.slice(0, decimalAt) : t;
  const fraction = decimalAt >= 0 ? t.slice(decimalAt + 1) : "";
  // The integer part: plain digits, or groups of three after the first ('1.234.567', '1,234').
  if (!/^(\d+|\d{1,3}([.,]\d{3})+)$/.test(integer) || !/^\d{0,2}$/.test(fraction)) return null;
  const whole = integer.replace(/[.,]/g, "");
  const digits = `${whole}${fraction.padEnd(2, "0")}`.replace(/^0+/, "");
  if (digits.length > MONEY_MAX_DIGITS) return null;
  return digits === "" ? 0 : Number(digits);
}

/** Re-formats a currency input on each keystroke: '12345' -> 'R$ 123,45'. */
export function maskCurrency(text: string): string {
  return formatCents(parseCurrencyInput(text));
}

/** Cents as a plain decimal text for the API ('value (kept as text)'): 123456 -> '1234.56'. */
export function centsToDecimalText(cents: number | bigint): string {
  return formatCents(cents).replace("R$ ", "").replace(/\./g, "").replace(",", ".");
}

/** '1234.56', '1234,5' or '1234' -> cents; null when the text is not such a number. */
export function decimalTextToCents(text: string): number | null {
  const match = /^(-?)(\d{1,13})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, reais, fraction = ""] = match;
  const cents = Number(reais) * 100 + Number(fraction.padEnd(2, "0"));
  return sign === "-" && cents !== 0 ? -cents : cents;
}
