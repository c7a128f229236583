// The deadline of a returned document (spec §4): 00:00 America/Sao_Paulo of the
// São Paulo return day + 7 days. Shared by the Devolvidos answer, its countdown and the deletion job.
import {
  addCalendarDays,
  msUntilDeadline,
  returnedDocumentDeadline,
  returnedDocumentsExpiredBefore,
  saoPauloDay,
  saoPauloStartOfDay,
} from "@/lib/format/deadline";

const iso = (date: Date) => date.toISOString();

describe("returnedDocumentDeadline", () => {
  test.each([
    // São Paulo has been UTC-3 all year since 2019: 00:00 there is 03:00 UTC.
    ["a plain afternoon", "2026-03-10T15:00:00.000Z", "2026-03-17T03:00:00.000Z"],
    ["the first instant of a São Paulo day", "2026-03-10T03:00:00.000Z", "2026-03-17T03:00:00.000Z"],
    ["the last instant of a São Paulo day", "2026-03-11T02:59:59.999Z", "2026-03-17T03:00:00.000Z"],
    // 01:00 UTC on the 11th is still 22:00 of the 10th in São Paulo: the São Paulo day counts, not UTC's.
    ["late evening in São Paulo, next day in UTC", "2026-03-11T01:00:00.000Z", "2026-03-17T03:00:00.000Z"],
    ["across a month end (30 days)", "2026-04-28T12:00:00.000Z", "2026-05-05T03:00:00.000Z"],
    ["across a month end (31 days)", "2026-01-25T12:00:00.000Z", "2026-02-01T03:00:00.000Z"],
    ["across February of a common year", "2026-02-25T12:00:00.000Z", "2026-03-04T03:00:00.000Z"],
    ["across February of a leap year", "2028-02-25T12:00:00.000Z", "2028-03-03T03:00:00.000Z"],
    ["across the year end", "2026-12-28T12:00:00.000Z", "2027-01-04T03:00:00.000Z"],
    // 31 December 22:00 in São Paulo is already 1 January in UTC: still December's return.
    ["new year's eve in São Paulo, new year in UTC", "2027-01-01T01:00:00.000Z", "2027-01-07T03:00:00.000Z"],
  ])("%s", (_label, returned, deadline) => {
    expect(iso(returnedDocumentDeadline(returned))).toBe(deadline);
    expect(iso(returnedDocumentDeadline(new Date(returned)))).toBe(deadline);
  });

  test("is 00:00 in São Paulo whatever the zone the code runs in", () => {
    const deadline = returnedDocumentDeadline("2026-06-20T18:45:00.000Z");
    const local = new Intl.DateTimeFormat("pt-BR", {
      timeZone: "America/Sao_Paulo",
      dateStyle: "short",
      timeStyle: "medium",
    }).format(deadline);
    expect(local).toBe("27/06/2026, 00:00:00");
  });

  test("the daylight-saving years are read from the zone data", () => {
    // 2018-11-04: clocks went from 00:00 to 01:00 (UTC-2): that day began at 01:00, 03:00 UTC.
    expect(iso(returnedDocumentDeadline("2018-10-28T15:00:00.000Z"))).toBe("2018-11-04T03:00:00.000Z");
    // A summer day (UTC-2): 00:00 is 02:00 UTC.
    expect(iso(returnedDocumentDeadline("2018-12-01T15:00:00.000Z"))).toBe("2018-12-08T02:00:00.000Z");
    // 2019-02-17: back to UTC-3 at 00:00 (-02), so 17 February began at 03:00 UTC.
    expect(iso(returnedDocumentDeadline("2019-02-10T15:00:00.000Z"))).toBe("2019-02-17T03:00:00.000Z");
  });

  test("another number of days", () => {
    expect(iso(returnedDocumentDeadline("2026-03-10T15:00:00.000Z", 1))).toBe("2026-03-11T03:00:00.000Z");
  });
});

describe("returnedDocumentsExpiredBefore: the deletion job's cut-off", () => {
  test.each([
    // now = 17 March 00:00 São Paulo: documents returned on 10 March (deadline now) are due; 11 March not.
    ["2026-03-17T03:00:00.000Z", "2026-03-11T03:00:00.000Z"],
    ["2026-03-17T02:59:59.999Z", "2026-03-10T03:00:00.000Z"],
    ["2026-03-01T12:00:00.000Z", "2026-02-23T03:00:00.000Z"],
  ])("at %s documents returned before %s are past their deadline", (now, cutoff) => {
    expect(iso(returnedDocumentsExpiredBefore(now))).toBe(cutoff);
  });

  test("agrees with the deadline at the boundary, for every hour of a week", () => {
    const now = new Date("2026-03-17T03:00:00.000Z");
    const cutoff = returnedDocumentsExpiredBefore(now);
    for (let hour = 0; hour < 24 * 10; hour += 1) {
      const returned = new Date(Date.UTC(2026, 2, 5, 0, 30) + hour * 3_600_000);
      const due = returnedDocumentDeadline(returned).getTime() <= now.getTime();
      expect([returned.toISOString(), returned < cutoff]).toEqual([returned.toISOString(), due]);
    }
  });
});

describe("calendar helpers", () => {
  test("addCalendarDays rolls months and years", () => {
    expect(addCalendarDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addCalendarDays({ year: 2024, month: 2, day: 28 }, 1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addCalendarDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({ year: 2026, month: 2, day: 28 });
  });

  test("saoPauloDay and saoPauloStartOfDay", () => {
    expect(saoPauloDay("2026-03-11T01:00:00.000Z")).toEqual({ year: 2026, month: 3, day: 10 });
    expect(iso(saoPauloStartOfDay({ year: 2026, month: 3, day: 10 }))).toBe("2026-03-10T03:00:00.000Z");
  });

  test("msUntilDeadline", () => {
    expect(msUntilDeadline("2026-03-17T03:00:00.000Z", "2026-03-17T02:59:00.000Z")).toBe(60_000);
    expect(msUntilDeadline("2026-03-17T03:00:00.000Z", "2026-03-17T03:00:01.000Z")).toBe(-1_000);
  });
});
