import { boletoDigit, collectionMod11Digit, mod10Digit } from "./check-digits";

// What the payment slips printed in Brazil carry in their codes, each read only when its check digits
// hold. A bank boleto (cobrança): a 44-digit Interleaved 2 of 5 barcode — bank (3), currency (1), DV
// (mod 11), due-date factor (4), value (10) and the bank's free field (25) — or its 47-digit typed line
// (five fields, the first three with mod-10 DVs). A collection slip (arrecadação: utilities, taxes):
// starts with 8, a 44-digit barcode or a 48-digit line of four 11-digit blocks each with its DV; the
// third digit says the modulus (6, 7: mod 10; 8, 9: mod 11) and whether positions 5–15 hold the value
// in reais (6, 8) or a reference quantity (7, 9).

export type Boleto = { kind: "boleto"; barcode: string; bank: string; dueDate: string | null; valueCents: number };
export type CollectionSlip = { kind: "arrecadacao"; barcode: string; segment: string; valueCents: number | null };
export type PaymentCode = Boleto | CollectionSlip;

const DAY_MS = 86_400_000;
// Day 0 of the due-date factor; the factor reached 9999 on 2025-02-21 and went on from 1000 on
// 2025-02-22, so one factor names two dates 9,000 days apart.
const FACTOR_BASE_MS = Date.UTC(1997, 9, 7);
const FACTOR_CYCLE_DAYS = 9_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A due-date factor's date nearest `today` (YYYY-MM-DD); null for factor 0 (no due date). */
export function dueDateOfFactor(factor: number, today: string): string | null {
  if (factor === 0) return null;
  const first = FACTOR_BASE_MS + factor * DAY_MS;
  const second = first + FACTOR_CYCLE_DAYS * DAY_MS;
  const now = Date.parse(`${today}T00:00:00Z`);
  return isoDay(Math.abs(second - now) < Math.abs(first - now) ? second : first);
}

function boletoOfBarcode(barcode: string, today: string): Boleto | null {
  if (barcode[3] !== "9") return null;
  if (boletoDigit(barcode.slice(0, 4) + barcode.slice(5)) !== Number(barcode[4])) return null;
  return {
    kind: "boleto",
    barcode,
    bank: barcode.slice(0, 3),
    dueDate: dueDateOfFactor(Number(barcode.slice(5, 9)), today),
    valueCents: Number(barcode.slice(9, 19)),
  };
}

function boletoOfLine(line: string, today: string): Boleto | null {
  const fields: [string, string][] = [
    [line.slice(0, 9), line[9]!],
    [line.slice(10, 20), line[20]!],
    [line.slice(21, 31), line[31]!],
  ];
  if (fields.some(([digits, dv]) => mod10Digit(digits) !== Number(dv))) return null;
  const barcode =
    line.slice(0, 4) + line[32] + line.slice(33, 47) + line.slice(4, 9) + line.slice(10, 20) + line.slice(21, 31);
  return boletoOfBarcode(barcode, today);
}

function collectionDigit(valueType: string): ((digits: string) => number) | null {
  if (valueType === "6" || valueType === "7") return mod10Digit;
  if (valueType === "8" || valueType === "9") return collectionMod11Digit;
  return null;
}

function collectionOfBarcode(barcode: string): CollectionSlip | null {
  const digit = collectionDigit(barcode[2]!);
  if (!digit || digit(barcode.slice(0, 3) + barcode.slice(4)) !== Number(barcode[3])) return null;
  const inReais = barcode[2] === "6" || barcode[2] === "8";
  return {
    kind: "arrecadacao",
    barcode,
    segment: barcode[1]!,
    valueCents: inReais ? Number(barcode.slice(4, 15)) : null,
  };
}

function collectionOfLine(line: string): CollectionSlip | null {
  const digit = collectionDigit(line[2]!);
  if (!digit) return null;
  const blocks = [0, 12, 24, 36].map((start) => line.slice(start, start + 12));
  if (blocks.some((block) => digit(block.slice(0, 11)) !== Number(block[11]))) return null;
  return collectionOfBarcode(blocks.map((block) => block.slice(0, 11)).join(""));
}

/**
 * A boleto or a collection slip from its barcode's digits or its typed line (spaces, dots and hyphens
 * as printed are ignored), read only when every check digit holds; null for anything else. `today`
 * (YYYY-MM-DD) places a boleto's due-date factor in its cycle.
 */
export function parsePaymentCode(text: string, today: string): PaymentCode | null {
  if (!/^[\d\s.-]+$/.test(text)) return null;
  const digits = text.replace(/[\s.-]/g, "");
  if (digits.length === 44) return digits[0] === "8" ? collectionOfBarcode(digits) : boletoOfBarcode(digits, today);
  if (digits.length === 47 && digits[0] !== "8") return boletoOfLine(digits, today);
  if (digits.length === 48 && digits[0] === "8") return collectionOfLine(digits);
  return null;
}
