import { currentYearMonth, monthNames, selectableYears, type DateInput } from "@/lib/format/dates";

// The desk's month and year selects (spec §2, §5, §9): years 2020 to the current one, months by their
// Portuguese names (no 'Todos': the desk works one month), the current year only up to the current month.

export type Period = { year: number; month: number };

export function yearOptions(now: DateInput = new Date()): { value: number; label: string }[] {
  return selectableYears(now).map((year) => ({ value: year, label: String(year) }));
}

export function monthOptionsFor(year: number, now: DateInput = new Date()): { value: number; label: string }[] {
  const current = currentYearMonth(now);
  const last = year >= current.year ? current.month : 12;
  return monthNames.slice(0, last).map((label, index) => ({ value: index + 1, label }));
}

/** A new year keeps the month, unless it lies after the current month of the current year. */
export function withYear(period: Period, year: number, now: DateInput = new Date()): Period {
  const last = monthOptionsFor(year, now).length;
  return { year, month: Math.min(period.month, last) };
}

export function periodLabel({ year, month }: Period): string {
  return `${monthNames[month - 1] ?? ""} de ${year}`;
}
