import { matchesFirst, matchingIds, statusesOf } from "@/components/clients/client-list-rules";

// The client list's pure rules (spec §2 "Accounting: client list", §5 search filter).

// 13:45 UTC is 10:45 in São Paulo (UTC-3, no daylight saving since 2019).
const cards = [
  { id: 1, name: "Açougue Boi Bravo", modifiedDatetime: "2025-03-07T13:45:00.000Z" },
  { id: 2, name: "Mercearia Zé", modifiedDatetime: "2025-11-20T20:05:00.000Z" },
  { id: 3, name: "Padaria Pão Doce", modifiedDatetime: "2026-01-02T02:30:00.000Z" },
];
const ids = (set: Set<number>) => [...set].sort();

describe("matchingIds", () => {
  const cases: { term: string; expected: number[] }[] = [
    { term: "", expected: [1, 2, 3] },
    { term: "   ", expected: [1, 2, 3] },
    { term: "acougue", expected: [1] },
    { term: "AÇOUGUE", expected: [1] },
    { term: "pao doce", expected: [3] },
    { term: "ZE", expected: [2] },
    { term: "07/03/2025", expected: [1] },
    { term: "10:45", expected: [1] },
    { term: "13:45", expected: [] }, // UTC is not what the card shows
    { term: "01/01/2026", expected: [3] }, // 02:30 UTC on the 2nd is 23:30 on the 1st in São Paulo
    { term: "/2025", expected: [1, 2] },
    { term: "nada", expected: [] },
  ];
  for (const { term, expected } of cases) {
    test(`'${term}' matches ${JSON.stringify(expected)}`, () => {
      expect(ids(matchingIds(cards, term))).toEqual(expected);
    });
  }
});

describe("matchesFirst", () => {
  test("keeps the order when everything matches", () => {
    expect(matchesFirst(cards, new Set([1, 2, 3])).map((card) => card.id)).toEqual([1, 2, 3]);
  });
  test("puts the matches first, each group in its own order", () => {
    expect(matchesFirst(cards, new Set([3])).map((card) => card.id)).toEqual([3, 1, 2]);
    expect(matchesFirst(cards, new Set([3, 2])).map((card) => card.id)).toEqual([2, 3, 1]);
    expect(matchesFirst(cards, new Set()).map((card) => card.id)).toEqual([1, 2, 3]);
  });
  test("does not change what it was given", () => {
    const copy = [...cards];
    matchesFirst(cards, new Set([3]));
    expect(cards).toEqual(copy);
  });
});

describe("statusesOf", () => {
  const flags = (isShared: boolean, hasUncategorizedBlocks: boolean, hasPendencies: boolean) => ({
    isShared,
    hasUncategorizedBlocks,
    hasPendencies,
  });
  test("green, purple, orange in that order, only the true ones", () => {
    expect(statusesOf(flags(true, true, true))).toEqual(["shared", "uncategorized", "pendencies"]);
    expect(statusesOf(flags(false, true, false))).toEqual(["uncategorized"]);
    expect(statusesOf(flags(true, false, true))).toEqual(["shared", "pendencies"]);
    expect(statusesOf(flags(false, false, false))).toEqual([]);
  });
});
