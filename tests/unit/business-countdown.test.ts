import { DAY_MS, SENT_UNDO_MS } from "@/lib/constants";
import {
  deadlineLabel,
  formatHoursMinutesSeconds,
  formatMinutesSeconds,
  nextDeadlineChange,
  nextSecondChange,
} from "@/lib/format/countdown";
import { returnedDocumentDeadline } from "@/lib/format/deadline";

const HOUR = 3_600_000;
const SECOND = 1_000;

describe("formatMinutesSeconds (the undo window of a sent block)", () => {
  test.each([
    [SENT_UNDO_MS, "15:00"],
    [SENT_UNDO_MS - 1, "15:00"],
    [SENT_UNDO_MS - SECOND, "14:59"],
    [61 * SECOND, "01:01"],
    [59_001, "01:00"],
    [1, "00:01"],
    [0, "00:00"],
    [-5_000, "00:00"],
  ])("%i ms left → %s", (ms, text) => expect(formatMinutesSeconds(ms)).toBe(text));

  test("changes exactly when the rounded-up second does", () => {
    expect(nextSecondChange(5_300)).toBe(300);
    expect(nextSecondChange(5_000)).toBe(1_000);
    expect(formatMinutesSeconds(5_300)).toBe("00:06");
    expect(formatMinutesSeconds(5_300 - nextSecondChange(5_300))).toBe("00:05");
    expect(nextSecondChange(0)).toBe(0);
    expect(nextSecondChange(-1)).toBe(0);
  });
});

describe("deadlineLabel (spec §4: 'N dias' over 2 days, '1 dia' over 1, then HH:mm:ss)", () => {
  test.each([
    [7 * DAY_MS, { kind: "days", days: 6 }],
    [6 * DAY_MS + 14 * HOUR, { kind: "days", days: 6 }],
    [3 * DAY_MS, { kind: "days", days: 2 }],
    [2 * DAY_MS + 1, { kind: "days", days: 2 }],
    [2 * DAY_MS, { kind: "days", days: 1 }],
    [DAY_MS + 1, { kind: "days", days: 1 }],
  ])("%i ms left → %o", (ms, label) => expect(deadlineLabel(ms)).toEqual(label));

  test.each([
    [DAY_MS, "23:59:59"],
    [DAY_MS - 1, "23:59:59"],
    [5 * HOUR + 4 * 60_000 + 3_500, "05:04:03"],
    [999, "00:00:00"],
    [0, "00:00:00"],
    [-10, "00:00:00"],
  ])("%i ms left → clock %s", (ms, text) => {
    expect(deadlineLabel(ms)).toEqual({ kind: "clock", text });
    expect(formatHoursMinutesSeconds(ms)).toBe(text);
  });

  test("the next change is the next day boundary while days show, each second after", () => {
    expect(nextDeadlineChange(2 * DAY_MS + 5 * HOUR)).toBe(5 * HOUR);
    expect(deadlineLabel(2 * DAY_MS)).toEqual({ kind: "days", days: 1 });
    expect(nextDeadlineChange(DAY_MS + HOUR)).toBe(HOUR);
    expect(deadlineLabel(DAY_MS)).toEqual({ kind: "clock", text: "23:59:59" });
    expect(nextDeadlineChange(5_400)).toBe(400);
    expect(nextDeadlineChange(5_000)).toBe(1_000);
    expect(nextDeadlineChange(0)).toBe(0);
  });

  test("a document returned at 10:00 in São Paulo shows 6 dias, then 1 dia on the 6th day after, then the clock", () => {
    const returned = new Date("2026-03-10T13:00:00Z"); // 10:00 in São Paulo
    const deadline = returnedDocumentDeadline(returned).getTime(); // 2026-03-17 00:00 São Paulo
    expect(new Date(deadline).toISOString()).toBe("2026-03-17T03:00:00.000Z");
    expect(deadlineLabel(deadline - returned.getTime())).toEqual({ kind: "days", days: 6 });
    expect(deadlineLabel(deadline - Date.parse("2026-03-15T12:00:00Z"))).toEqual({ kind: "days", days: 1 });
    expect(deadlineLabel(deadline - Date.parse("2026-03-16T15:00:00Z"))).toEqual({ kind: "clock", text: "12:00:00" }); // noon in São Paulo;
  });
});
