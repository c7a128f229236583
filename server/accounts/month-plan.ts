import type { AccountType, ClientAccount, ClientAccountsByMonth } from "@/lib/contract/accounts";
import { saoPauloParts } from "@/lib/format/dates";

// The activation rules of the accounts help tooltip (spec §2), as pure functions over the rows so the
// month arithmetic is tested once. Months are counted as year * 12 + (month − 1): an activation's
// (an instant) in São Paulo, as every month of an instant in the product; a payment date's (a
// calendar day, read at UTC midnight) as it is written.

export type ChartRow = {
  id: number;
  code: string;
  description: string;
  yearOfExercise: number;
  reducedCode: string | null;
  active: boolean;
  type: AccountType;
};
/** A client_accounts row with the code of its account: activations carry across charts by code. */
export type ActivationRow = { code: string; activatedAt: Date; deactivatedAt: Date | null };
/** A categorised block: its account's code and the month of its payment date. */
export type BlockRow = { code: string; date: Date };

export const monthIndex = (year: number, month: number) => year * 12 + (month - 1);
/** The month of a calendar day (a DATE column, read as UTC midnight). */
export const monthOfDay = (date: Date) => monthIndex(date.getUTCFullYear(), date.getUTCMonth() + 1);

// Each activation instant's month, worked out once per process (Intl's zone arithmetic costs a few
// microseconds, and a month's plan asks it for every activation on every call): the same rows come back
// call after call. Bounded: past INSTANT_MONTHS_MAX instants it starts over.
const INSTANT_MONTHS_MAX = 50_000;
const instantMonths = new Map<number, number>();
/** The month of an instant in São Paulo (an activation made at 22:00 on the 31st belongs to that month). */
export function monthOfInstant(date: Date): number {
  const at = date.getTime();
  let month = instantMonths.get(at);
  if (month === undefined) {
    const parts = saoPauloParts(date);
    month = monthIndex(parts.year, parts.month);
    if (instantMonths.size >= INSTANT_MONTHS_MAX) instantMonths.clear();
    instantMonths.set(at, month);
  }
  return month;
}

const byCode = new Intl.Collator("pt-BR", { numeric: true });
export const sortByCode = <T extends { code: string }>(rows: T[]): T[] =>
  [...rows].sort((a, b) => byCode.compare(a.code, b.code));

/**
 * An activation covers the months from its activation month up to, not including, the month it was
 * deactivated in; an open one covers every later month. So activating never reaches back, and
 * deactivating in month M leaves M−1 and before as they were.
 */
export const covers = (row: ActivationRow, month: number) =>
  monthOfInstant(row.activatedAt) <= month && (row.deactivatedAt === null || month < monthOfInstant(row.deactivatedAt));

/** The accounts of the year's chart available in one month, sorted by code. */
export function accountsOfMonth(
  chart: ChartRow[],
  activations: ActivationRow[],
  blocks: BlockRow[],
  year: number,
  month: number,
): ClientAccount[] {
  const at = monthIndex(year, month);
  const kept = new Set(blocks.filter((block) => monthOfDay(block.date) === at).map((block) => block.code));
  const out: ClientAccount[] = [];
  for (const account of sortByCode(chart.filter((row) => row.yearOfExercise === year))) {
    const rows = activations.filter((row) => row.code === account.code);
    const covering = rows.find((row) => covers(row, at));
    if (!covering && !kept.has(account.code)) continue;
    // The activation shown: the covering one, else the latest that began by this month (null if none).
    const shown =
      covering ??
      rows
        .filter((row) => monthOfInstant(row.activatedAt) <= at)
        .sort((a, b) => b.activatedAt.getTime() - a.activatedAt.getTime())[0];
    out.push({
      id: account.id,
      code: account.code,
      description: account.description,
      date: shown ? shown.activatedAt.toISOString() : null,
      activated: Boolean(covering),
      reducedCode: account.reducedCode,
      active: account.active,
      type: account.type,
    });
  }
  return out;
}

/** Every month of every chart year, keeping only the months with at least one account. */
export function accountsByMonth(
  chart: ChartRow[],
  activations: ActivationRow[],
  blocks: BlockRow[],
): ClientAccountsByMonth {
  const out: ClientAccountsByMonth = {};
  const years = [...new Set(chart.map((row) => row.yearOfExercise))].sort((a, b) => a - b);
  for (const year of years) {
    for (let month = 1; month <= 12; month += 1) {
      const list = accountsOfMonth(chart, activations, blocks, year, month);
      if (list.length === 0) continue;
      (out[String(year)] ??= {})[String(month)] = list;
    }
  }
  return out;
}
