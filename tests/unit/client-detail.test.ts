import { accountRows, filterRows, flatBlocks, periodBlocks, yearAccounts } from "@/components/client-detail/month-view";
import { groupByDay, openCountByMonth } from "@/components/client-detail/pendencies-panel";
import type { ClientAccount } from "@/lib/contract/accounts";
import type { Block, Pendency } from "@/lib/contract/blocks";
import { currentYearMonth, selectableYears } from "@/lib/format/dates";
import { matchesValue } from "@/lib/format/search";

const block = (
  id: number,
  date: string | null,
  value: string | null,
  accountId: number | null,
  extra: Partial<Block> = {},
): Block => ({
  id,
  date,
  value,
  viewed: false,
  documentsUrl: [],
  thumbnailsUrl: [],
  accountId,
  sentDatetime: "2026-03-01T12:00:00.000Z",
  version: 0,
  hasPendency: false,
  reading: null,
  readingPending: false,
  accountSuggestion: null,
  ...extra,
});
const account = (
  id: number,
  code: string,
  description: string,
  activated = true,
  date: string | null = "2026-01-10",
): ClientAccount => ({ id, code, description, activated, date, reducedCode: null, active: true, type: "analytic" });

describe("matchesValue ('Buscar valor')", () => {
  test.each([
    ["1234.56", "", true],
    ["1234.56", "1.234", true],
    ["1234.56", "1234,56", true],
    ["1234.56", "1234.56", true],
    ["1234.56", "R$ 1.234", true],
    ["1234.56", "R$ 1234,56", true],
    ["1234.56", "R$1.234,56", true],
    ["1234.56", "r$1234.56", true],
    ["1234.56", "R$ 999", false],
    ["1234.56", "34,5", true],
    ["1234.56", "999", false],
    [null, "1", false],
    [null, "  ", true],
  ])("%s with %j → %s", (value, term, expected) => {
    expect(matchesValue(value, term)).toBe(expected);
  });
});

describe("periodBlocks / accountRows / flatBlocks", () => {
  const map = {
    "2026": {
      "3": {
        "7": [block(1, "2026-03-02", "10.00", 7), block(2, "2026-03-20", "20.00", 7)],
        null: [block(3, null, null, null)],
      },
      "4": { "7": [block(4, "2026-04-01", "30.00", 7)], "9": [block(5, "2026-04-05", "1234.56", 9)] },
    },
    "2025": { "12": { "7": [block(6, "2025-12-31", "5.00", 7)] } },
  };

  test("one month: its blocks by account, newest first", () => {
    const blocks = periodBlocks(map, 2026, 3);
    expect(blocks.get("7")?.map((b) => b.id)).toEqual([2, 1]);
    expect(blocks.get("null")?.map((b) => b.id)).toEqual([3]);
    expect(blocks.has("9")).toBe(false);
  });

  test("'Todos' (month 0): every month of that year only", () => {
    const blocks = periodBlocks(map, 2026, 0);
    expect(blocks.get("7")?.map((b) => b.id)).toEqual([4, 2, 1]);
    expect(blocks.get("9")?.map((b) => b.id)).toEqual([5]);
  });

  test("rows sort by code (numeric), carry blocks, warn only for an inactive account holding blocks", () => {
    const rows = accountRows(
      [account(9, "1.10", "Energia Elétrica", false), account(7, "1.2", "Aluguel"), account(8, "1.3", "Água", false)],
      periodBlocks(map, 2026, 4),
    );
    expect(rows.map((r) => [r.account.id, r.blocks.length, r.warning])).toEqual([
      [7, 1, false],
      [8, 0, false],
      [9, 1, true],
    ]);
    expect(filterRows(rows, "eletrica").map((r) => r.account.id)).toEqual([9]);
    expect(filterRows(rows, "1.3").map((r) => r.account.id)).toEqual([8]);
  });

  test("the flat list leaves the uncategorised blocks out and filters by value", () => {
    const blocks = periodBlocks(map, 2026, 0);
    expect(flatBlocks(blocks, "").map((b) => b.id)).toEqual([5, 4, 2, 1]);
    expect(flatBlocks(blocks, "1.234").map((b) => b.id)).toEqual([5]);
  });

  test("yearAccounts merges months: active if any month was, latest date", () => {
    const merged = yearAccounts(
      {
        "2026": {
          "1": [account(7, "1.2", "Aluguel", false, null)],
          "2": [account(7, "1.2", "Aluguel", true, "2026-02-01"), account(9, "1.1", "Luz")],
        },
        "2025": { "1": [account(5, "0.9", "Old")] },
      },
      2026,
    );
    expect(merged.map((a) => [a.id, a.activated, a.date])).toEqual([
      [9, true, "2026-01-10"],
      [7, true, "2026-02-01"],
    ]);
  });
});

describe("pendencies panel rules", () => {
  const pendency = (id: number, date: string, solved: string | null): Pendency => ({
    id,
    blockId: id,
    date,
    issue: 0,
    observations: "",
    documentsUrl: [],
    solvedDatetime: solved,
  });
  // São Paulo is UTC-3: 02:00Z on the 5th is still the 4th there.
  const list = [
    pendency(1, "2026-03-05T02:00:00.000Z", null),
    pendency(2, "2026-03-04T15:00:00.000Z", "2026-03-06T10:00:00.000Z"),
    pendency(3, "2026-03-04T18:00:00.000Z", null),
    pendency(4, "2026-03-10T12:00:00.000Z", null),
    pendency(5, "2026-04-01T12:00:00.000Z", "2026-04-02T12:00:00.000Z"),
  ];

  test("grouped by São Paulo day, latest day first, open before solved", () => {
    expect(groupByDay(list, 3).map((g) => [g.day, g.items.map((p) => p.id)])).toEqual([
      [10, [4]],
      [4, [1, 3, 2]],
    ]);
    expect(groupByDay(list, 5)).toEqual([]);
  });

  test("month badges count open pendencies only", () => {
    const counts = openCountByMonth(list);
    expect(counts[3]).toBe(3);
    expect(counts[4]).toBe(0);
  });
});

describe("year select", () => {
  test("runs from the current year down to 2020", () => {
    expect(selectableYears(new Date("2026-11-23T12:00:00Z"))).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020]);
    expect(selectableYears(new Date("2027-01-01T01:00:00Z"))[0]).toBe(2026); // still 31/12 in São Paulo
    expect(currentYearMonth(new Date("2026-12-01T02:59:00Z"))).toEqual({ year: 2026, month: 11 });
  });
});
