import "server-only";
import { YEAR_SELECT_OPTIONS } from "@/lib/constants";
import { currentYearMonth, isValidCalendarDate } from "@/lib/format/dates";
import { MONEY_MAX_DIGITS } from "@/lib/format/money";
import { messages } from "@/lib/i18n/messages";
import { AppError, type FieldIssue } from "@/server/errors";

export type SaveFields = { year: number; month: number; day: number; paymentDate: Date; valueCents: bigint };

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
// A positive decimal with a dot and at most two decimals, no sign, no leading zeros, at most
// MONEY_MAX_DIGITS digits in all (13 before the dot): what the currency input of spec §5 can produce.
const VALUE_PATTERN = new RegExp(`^(0|[1-9]\\d{0,${MONEY_MAX_DIGITS - 3}})(?:\\.(\\d{1,2}))?$`);

/**
 * The block form's rules (spec §5, §9), checked on the server: `date` a real calendar date
 * "YYYY-MM-DD" in the years the modal offers (the current one and the YEAR_SELECT_OPTIONS − 1 before
 * it) and not after the current month in São Paulo; `value` greater than zero. Every failing field is
 * reported, with its pt-BR message, as one 400.
 */
export function checkSaveFields(date: string, value: string, now: Date = new Date()): SaveFields {
  const issues: FieldIssue[] = [];
  const current = currentYearMonth(now);
  const firstYear = current.year - (YEAR_SELECT_OPTIONS - 1);

  let parsedDate: { year: number; month: number; day: number } | null = null;
  const d = DATE_PATTERN.exec(date);
  if (date.trim() === "") {
    issues.push({ path: "block.date", message: messages.validation.empty });
  } else if (!d || !isValidCalendarDate(Number(d[1]), Number(d[2]), Number(d[3]))) {
    issues.push({ path: "block.date", message: messages.blocks.invalidDate });
  } else {
    const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
    const afterThisMonth = year > current.year || (year === current.year && month > current.month);
    if (year < firstYear || afterThisMonth)
      issues.push({ path: "block.date", message: messages.blocks.dateOutOfRange(firstYear) });
    else parsedDate = { year, month, day };
  }

  let cents: bigint | null = null;
  const v = VALUE_PATTERN.exec(value);
  if (value.trim() === "") {
    issues.push({ path: "block.value", message: messages.validation.empty });
  } else if (!v) {
    issues.push({ path: "block.value", message: messages.blocks.invalidValue });
  } else {
    cents = BigInt(v[1]) * BigInt(100) + BigInt((v[2] ?? "").padEnd(2, "0"));
    if (cents <= BigInt(0)) {
      issues.push({ path: "block.value", message: messages.blocks.invalidValue });
      cents = null;
    }
  }

  if (issues.length > 0 || !parsedDate || cents === null) {
    throw new AppError("invalid_input", `${messages.api.invalidInput} ${issues[0].path}: ${issues[0].message}`, {
      fields: issues,
    });
  }
  const { year, month, day } = parsedDate;
  return { year, month, day, paymentDate: new Date(Date.UTC(year, month - 1, day)), valueCents: cents };
}
