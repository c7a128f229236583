// The month of an activation is São Paulo's (found by the review of dates): counted in UTC, an
// account activated at 22:30 on the last day of a month (01:30 UTC of the next) did not cover the month
// the office was closing, and one activated at 22:00 on 31 December went to next year's chart.
import {
  accountsOfMonth,
  monthIndex,
  monthOfDay,
  monthOfInstant,
  type ActivationRow,
  type ChartRow,
} from "@/server/accounts/month-plan";

const chart: ChartRow[] = [
  {
    id: 1,
    code: "1.1.01",
    description: "Caixa",
    yearOfExercise: 2026,
    reducedCode: null,
    active: true,
    type: "analytic",
  },
  {
    id: 2,
    code: "1.1.01",
    description: "Caixa",
    yearOfExercise: 2027,
    reducedCode: null,
    active: true,
    type: "analytic",
  },
];
const codes = (year: number, month: number, activations: ActivationRow[]) =>
  accountsOfMonth(chart, activations, [], year, month).map((a) => a.id);

test("an instant's month is São Paulo's; a calendar day's is the day's own", () => {
  expect(monthOfInstant(new Date("2026-04-01T01:30:00Z"))).toBe(monthIndex(2026, 3)); // 22:30 on 31/03
  expect(monthOfInstant(new Date("2026-04-01T03:00:00Z"))).toBe(monthIndex(2026, 4)); // 00:00 on 01/04
  expect(monthOfDay(new Date("2026-04-01T00:00:00Z"))).toBe(monthIndex(2026, 4)); // the DATE 2026-04-01
});

test("activated at 22:30 on 31/03 in São Paulo: it covers March", () => {
  const activations = [{ code: "1.1.01", activatedAt: new Date("2026-04-01T01:30:00Z"), deactivatedAt: null }];
  expect(codes(2026, 3, activations)).toEqual([1]);
  expect(codes(2026, 2, activations)).toEqual([]);
});

test("deactivated at 22:30 on 31/03 in São Paulo: March is no longer covered, February still is", () => {
  const activations = [
    { code: "1.1.01", activatedAt: new Date("2026-01-10T12:00:00Z"), deactivatedAt: new Date("2026-04-01T01:30:00Z") },
  ];
  expect(codes(2026, 2, activations)).toEqual([1]);
  expect(codes(2026, 3, activations)).toEqual([]);
});

test("activated at 22:00 on 31/12/2026 in São Paulo: December 2026 of the 2026 chart, and on into 2027", () => {
  const activations = [{ code: "1.1.01", activatedAt: new Date("2027-01-01T01:00:00Z"), deactivatedAt: null }];
  expect(codes(2026, 12, activations)).toEqual([1]);
  expect(codes(2027, 1, activations)).toEqual([2]);
});
