import { formatMessages } from "@/lib/i18n/sections/format";

// Every instant a person reads is shown in Brasília time, whatever the zone of the server or browser:
// an office in São Paulo and a server in UTC must print the same 'Modificado em'. (Brazil has had no
// daylight saving since 2019, but Intl's zone data handles the older dates correctly anyway.)
export const TIME_ZONE = "America/Sao_Paulo";

export type DateInput = Date | string | number;

export type ZonedParts = { year: number; month: number; day: number; hour: number; minute: number };

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function toDate(input: DateInput): Date {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) throw new RangeError(`invalid date: ${String(input)}`);
  return date;
}

/** Calendar and clock fields of an instant in São Paulo (month 1-12). */
export function saoPauloParts(input: DateInput): ZonedParts {
  const fields: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(toDate(input))) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  return { year: fields.year, month: fields.month, day: fields.day, hour: fields.hour, minute: fields.minute };
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** dd/mm/aaaa of an instant, in São Paulo. */
export function formatDate(input: DateInput): string {
  const p = saoPauloParts(input);
  return `${pad2(p.day)}/${pad2(p.month)}/${p.year}`;
}

/** HH:mm (24 h) of an instant, in São Paulo. */
export function formatTime(input: DateInput): string {
  const p = saoPauloParts(input);
  return `${pad2(p.hour)}:${pad2(p.minute)}`;
}

/** 'Modificado em dd/mm/aaaa às HH:mm' (client card). */
export function formatModified(input: DateInput): string {
  return formatMessages.modified(formatDate(input), formatTime(input));
}

/**
 * dd/mm/aaaa of a calendar date with no time (a block's payment date, PostgreSQL `date`). Prisma
 * returns those as UTC midnight, which São Paulo would show as the previous day; so read UTC fields.
 */
export function formatCalendarDate(input: DateInput): string {
  const d = toDate(input);
  return `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/** Whether day/month/year name a real date (block form: 31/02 is not one). */
export function isValidCalendarDate(year: number, month: number, day: number): boolean {
  if (![year, month, day].every(Number.isInteger)) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

export const monthNames = [
  "Janeiro",
  "Fevereiro",
  "Março",
  "Abril",
  "Maio",
  "Junho",
  "Julho",
  "Agosto",
  "Setembro",
  "Outubro",
  "Novembro",
  "Dezembro",
] as const;

export const ALL_MONTHS_LABEL = "Todos";

/** Month select options: value 0 is 'Todos', then 1 (Janeiro) to 12 (Dezembro). */
export const monthOptions: ReadonlyArray<{ value: number; label: string }> = [
  { value: 0, label: ALL_MONTHS_LABEL },
  ...monthNames.map((label, i) => ({ value: i + 1, label })),
];

/** The year and month (1..12) of `now` in São Paulo: "this month" of the books. */
export function currentYearMonth(now: DateInput = new Date()): { year: number; month: number } {
  const { year, month } = saoPauloParts(now);
  return { year, month };
}

/** Year select of the client detail: the current year down to 2020 (spec §9, extended past 2025). */
export function selectableYears(now: DateInput = new Date(), first = 2020): number[] {
  const { year } = saoPauloParts(now);
  const years: number[] = [];
  for (let y = year; y >= first; y -= 1) years.push(y);
  return years;
}
