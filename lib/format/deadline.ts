import { RETURNED_DOCUMENT_DAYS } from "@/lib/constants";
import { TIME_ZONE, saoPauloParts, type DateInput } from "./dates";

// The deadline of a returned document (spec §4 "Returned document"): 00:00 in São Paulo
// of the return date (its São Paulo calendar day) plus RETURNED_DOCUMENT_DAYS. The same function dates the
// Devolvidos list (server), drives its countdown (UI) and decides what the deletion job removes, so the
// three can never disagree by an hour or a day. São Paulo has kept UTC-3 all year since 2019; the zone
// data still decides, so a date from the daylight-saving years is right too.

type CalendarDay = { year: number; month: number; day: number };

const offsetFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  hourCycle: "h23",
});

/** São Paulo's offset from UTC at an instant, in milliseconds (-3 h today). */
function zoneOffsetMs(instant: number): number {
  const f: Record<string, number> = {};
  for (const part of offsetFormat.formatToParts(new Date(instant)))
    if (part.type !== "literal") f[part.type] = Number(part.value);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  // The parts have whole seconds: compare with the instant floored to its second.
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The calendar day `days` after `from` (month and year ends roll over). */
export function addCalendarDays(from: CalendarDay, days: number): CalendarDay {
  const d = new Date(Date.UTC(from.year, from.month - 1, from.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * The first instant of a São Paulo calendar day: its 00:00, or — on a day whose midnight the clocks
 * skipped (daylight saving started at 00:00 before 2019) — the first minute that existed.
 */
export function saoPauloStartOfDay({ year, month, day }: CalendarDay): Date {
  const wallClock = Date.UTC(year, month - 1, day);
  let instant = wallClock - zoneOffsetMs(wallClock);
  // A second pass settles an offset that changed between the guess and the answer.
  instant = wallClock - zoneOffsetMs(instant);
  const p = saoPauloParts(instant);
  if (p.year !== year || p.month !== month || p.day !== day) {
    // 00:00 did not exist: the guess landed on the previous evening; the day began an hour later.
    instant += 3_600_000;
  }
  return new Date(instant);
}

/** The São Paulo calendar day of an instant. */
export function saoPauloDay(input: DateInput): CalendarDay {
  const { year, month, day } = saoPauloParts(input);
  return { year, month, day };
}

/** When a document returned at `devolvedAt` is deleted: 00:00 São Paulo of its return day + 7 days. */
export function returnedDocumentDeadline(devolvedAt: DateInput, days = RETURNED_DOCUMENT_DAYS): Date {
  return saoPauloStartOfDay(addCalendarDays(saoPauloDay(devolvedAt), days));
}

/**
 * The returned documents past their deadline at `now` are exactly those returned BEFORE this instant
 * (00:00 São Paulo of today minus 6 days): deadline ≤ now ⇔ return day + 7 ≤ today ⇔ return day <
 * today − 6. A cut-off instant lets the deletion job ask `devolved_at < $1` on the (client_id,
 * devolved_at) index instead of computing a deadline per row.
 */
export function returnedDocumentsExpiredBefore(now: DateInput = new Date(), days = RETURNED_DOCUMENT_DAYS): Date {
  return saoPauloStartOfDay(addCalendarDays(saoPauloDay(now), 1 - days));
}

/** Milliseconds left until the deadline (negative once it passed). */
export function msUntilDeadline(deadline: DateInput, now: DateInput = new Date()): number {
  return new Date(deadline).getTime() - new Date(now).getTime();
}
