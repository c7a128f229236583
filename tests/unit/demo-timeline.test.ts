import { saoPauloParts } from "@/lib/format";
import { planShowcase, planTimeline } from "@/server/seed/demo-timeline";
import { createRandom } from "@/server/seed/random";

// The demo's showcase client opens its current month with every state, whatever the day the demo was
// made: on the 1st, half past midnight in São Paulo, as on the 20th.
const options = (now: Date) => ({
  rng: createRandom(7),
  now,
  months: 12,
  blocksPerMonth: [4, 8] as [number, number],
  templates: [0, 1, 2],
  senders: 2,
});

describe.each([
  ["the 1st, half past midnight in São Paulo", new Date("2026-12-01T03:30:00Z")],
  ["the 20th, mid-afternoon", new Date("2026-12-20T18:00:00Z")],
])("the showcase made on %s", (_, now) => {
  const today = saoPauloParts(now);
  const plans = planShowcase(options(now));

  test("has every state", () => {
    expect(new Set(plans.map((plan) => plan.state))).toEqual(
      new Set(["uncategorized", "categorized", "contabilized", "devolved", "pendency"]),
    );
  });

  test("pays every block in the current month", () => {
    for (const plan of plans) {
      const paid = saoPauloParts(plan.paymentDate);
      expect([paid.year, paid.month]).toEqual([today.year, today.month]);
    }
  });

  test("sends nothing in the future", () => {
    for (const plan of plans) expect(plan.sentAt.getTime()).toBeLessThanOrEqual(now.getTime());
  });
});

test("the timeline made on the 1st sends nothing in the future", () => {
  const now = new Date("2026-12-01T03:30:00Z");
  const plans = planTimeline(options(now));
  for (const plan of plans) expect(plan.sentAt.getTime()).toBeLessThanOrEqual(now.getTime());
  expect(plans.length).toBeGreaterThanOrEqual(12 * 4);
});
