import { rankAccounts, valueCloseness, type AccountUse } from "@/lib/accounts/suggestion-rank";

// The ranking behind the account suggestion (lib/accounts/suggestion-rank.ts).

const DAY = 86_400_000;
const use = (code: string, day: number, extra: Partial<AccountUse> = {}): AccountUse => ({
  code,
  at: day * DAY,
  valueCents: null,
  corrected: false,
  ...extra,
});
const codes = (uses: AccountUse[], value: number | null = null) => rankAccounts(uses, value).map((r) => r.code);

describe("rankAccounts", () => {
  test("nothing to learn from: nothing suggested", () => {
    expect(rankAccounts([], 100)).toEqual([]);
  });

  test("frequency: the account used most often comes first, with its count", () => {
    const ranked = rankAccounts([use("A", 1), use("B", 2), use("A", 3), use("A", 4)], null);
    expect(ranked.map((r) => [r.code, r.count])).toEqual([
      ["A", 3],
      ["B", 1],
    ]);
  });

  test("recency: an account the client left fades behind the one it uses now", () => {
    const old = [1, 2, 3, 4, 5, 6].map((day) => use("OLD", day));
    const recent = [40, 41, 42, 43, 44].map((day) => use("NEW", day));
    expect(codes([...old, ...recent])).toEqual(["NEW", "OLD"]);
    // the order the uses come in does not matter
    expect(codes([...recent, ...old].reverse())).toEqual(["NEW", "OLD"]);
  });

  test("a correction outweighs every older use", () => {
    const uses = [1, 2, 3, 4, 5, 6, 7, 8].map((day) => use("A", day));
    expect(codes([...uses, use("B", 9)])).toEqual(["A", "B"]);
    expect(codes([...uses, use("B", 9, { corrected: true })])).toEqual(["B", "A"]);
  });

  test("uses after a correction still count", () => {
    const uses = [
      ...[1, 2, 3].map((day) => use("A", day)),
      use("B", 4, { corrected: true }),
      ...[5, 6, 7, 8, 9].map((day) => use("A", day)),
    ];
    expect(codes(uses)[0]).toBe("A");
  });

  test("the value: among even uses, the account of similar amounts wins", () => {
    const uses = [use("SMALL", 1, { valueCents: 5_000 }), use("LARGE", 1, { valueCents: 500_000 })];
    expect(codes(uses, 4_800)).toEqual(["SMALL", "LARGE"]);
    expect(codes(uses, 510_000)).toEqual(["LARGE", "SMALL"]);
  });

  test("the value: one earlier purchase of the same size outweighs several of another size", () => {
    const small = [1, 2, 3, 4, 5, 6].map((day) => use("USUAL", day, { valueCents: 18_832 }));
    const large = use("LARGE", 3, { valueCents: 56_496 });
    expect(codes([...small, large], 56_496)).toEqual(["LARGE", "USUAL"]);
    expect(codes([...small, large], 18_832)).toEqual(["USUAL", "LARGE"]);
    // a value unlike both: the history as it is, the usual account
    expect(codes([...small, large], 35_000)).toEqual(["USUAL", "LARGE"]);
  });

  test("ties: the newest use first, then the code", () => {
    expect(codes([use("B", 1), use("A", 1)])).toEqual(["A", "B"]);
    // equal scores only when equal in everything; a later use otherwise wins
    const ranked = rankAccounts([use("A", 2), use("B", 1)], null);
    expect(ranked[0].code).toBe("A");
  });
});

describe("valueCloseness", () => {
  test("1 when equal, 0 from a factor of √2, 0 when unknown", () => {
    expect(valueCloseness(100, 100)).toBe(1);
    expect(valueCloseness(100, 142)).toBe(0);
    expect(valueCloseness(200, 100)).toBe(0);
    expect(valueCloseness(100, 119)).toBeCloseTo(0.25, 1);
    expect(valueCloseness(119, 100)).toBeCloseTo(valueCloseness(100, 119), 9);
    expect(valueCloseness(null, 100)).toBe(0);
    expect(valueCloseness(0, 100)).toBe(0);
  });
});
