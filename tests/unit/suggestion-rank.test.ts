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

  test("ties: the newest use first, then the code", () => {
    expect(codes([use("B", 1), use("A", 1)])).toEqual(["A", "B"]);
    // equal scores only when equal in everything; a later use otherwise wins
    const ranked = rankAccounts([use("A", 2), use("B", 1)], null);
    expect(ranked[0].code).toBe("A");
  });
});

describe("valueCloseness", () => {
  test("1 when equal, 0 from a factor of two, 0 when unknown", () => {
    expect(valueCloseness(100, 100)).toBe(1);
    expect(valueCloseness(100, 200)).toBe(0);
    expect(valueCloseness(100, 400)).toBe(0);
    expect(valueCloseness(100, 141)).toBeCloseTo(0.5, 1);
    expect(valueCloseness(null, 100)).toBe(0);
    expect(valueCloseness(0, 100)).toBe(0);
  });
});
