import { accountLabel, pickerGroups } from "@/components/blocks/account-picker-rules";
import {
  badges,
  blockCardDate,
  blockCardValue,
  blockYearMonth,
  canDevolve,
  canSave,
  categorizationForm,
  dayOptions,
  initialForm,
  isDirty,
  isEditable,
  isFormDateValid,
  monthOptions,
  stepZoom,
  toSaveBody,
  viewerMode,
  withYear,
  yearOptions,
  type BlockForm,
} from "@/components/blocks/block-form-rules";
import { findBlockInAnswer } from "@/components/blocks/use-latest-block";
import type { Block } from "@/lib/contract/blocks";
import { parseCurrencyInput, maskCurrency, centsToDecimalText } from "@/lib/format/money";

// "Now" is 2026-11-23 15:00 in São Paulo for every rule below.
const NOW = new Date("2026-11-23T18:00:00.000Z");

const block = (extra: Partial<Block> = {}): Block => ({
  id: 7,
  date: "2026-03-15",
  value: "1234.56",
  viewed: true,
  documentsUrl: [],
  thumbnailsUrl: [],
  accountId: 3,
  sentDatetime: "2026-03-02T02:30:00.000Z", // 01/03 23:30 in São Paulo
  version: 4,
  hasPendency: false,
  reading: null,
  readingPending: false,
  accountSuggestion: null,
  ...extra,
});
const form = (extra: Partial<BlockForm> = {}): BlockForm => ({
  day: 15,
  month: 3,
  year: 2026,
  accountId: 3,
  cents: 123456,
  ...extra,
});

describe("viewerMode", () => {
  test.each([
    [
      "contabilised wins over everything",
      block({ contabilizedDatetime: "2026-04-01T10:00:00.000Z", hasPendency: true }),
      true,
      "contabilized",
    ],
    ["busy client: view", block({ hasPendency: true }), true, "view"],
    ["open pendency", block({ hasPendency: true }), false, "pendency"],
    ["uncategorised: edit", block({ accountId: null, date: null, value: null }), false, "edit"],
    ["categorised: edit-view", block(), false, "edit-view"],
  ] as const)("%s", (_name, given, readOnly, mode) => {
    expect(viewerMode(given, readOnly)).toBe(mode);
  });

  test("only edit, and edit-view while toggled, take input; devolve is hidden when contabilised or busy", () => {
    expect(isEditable("edit", false)).toBe(true);
    expect(isEditable("edit-view", false)).toBe(false);
    expect(isEditable("edit-view", true)).toBe(true);
    for (const mode of ["view", "contabilized", "pendency"] as const) expect(isEditable(mode, true)).toBe(false);
    expect(canDevolve("contabilized")).toBe(false);
    expect(canDevolve("view")).toBe(false);
    expect(canDevolve("pendency")).toBe(true);
    expect(canDevolve("edit")).toBe(true);
    expect(canDevolve("edit-view")).toBe(true);
    expect(isEditable("categorization", false)).toBe(true);
    expect(canDevolve("categorization")).toBe(true);
  });
});

describe("canSave ('Salvar Bloco' disabled rules, spec §5)", () => {
  test("a complete form saves", () => expect(canSave(form(), NOW)).toBe(true));
  test.each([
    ["value empty / R$ 0,00", { cents: 0 }],
    ["no account", { accountId: null }],
    ["no day", { day: null }],
    ["no month", { month: null }],
    ["no year", { year: null }],
    ["31/02 is not a date", { day: 31, month: 2 }],
    ["29/02 of a common year", { day: 29, month: 2, year: 2025 }],
    ["a month after the current one in the current year", { month: 12, day: 1 }],
    ["a future year", { year: 2027 }],
    // the year select keeps an older block's year (2021 here), but the server takes the last five only
    ["a year before the five the server takes", { year: 2021 }],
  ] as const)("refused: %s", (_name, change) => {
    expect(canSave(form(change as Partial<BlockForm>), NOW)).toBe(false);
  });
  test("29/02 of a leap year, December of last year and today's month are dates", () => {
    expect(isFormDateValid(form({ day: 29, month: 2, year: 2024 }), NOW)).toBe(true);
    expect(isFormDateValid(form({ day: 31, month: 12, year: 2025 }), NOW)).toBe(true);
    expect(isFormDateValid(form({ day: 30, month: 11, year: 2026 }), NOW)).toBe(true);
  });
});

describe("date selects (spec §9)", () => {
  test("year select: the current year and the four before; an older block year is kept", () => {
    expect(yearOptions(NOW)).toEqual([2026, 2025, 2024, 2023, 2022]);
    expect(yearOptions(NOW, 2019)).toEqual([2026, 2025, 2024, 2023, 2022, 2019]);
    expect(yearOptions(NOW, 2024)).toHaveLength(5);
  });
  test("month select: up to the current month in the current year, all twelve before", () => {
    expect(monthOptions(2026, NOW)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(monthOptions(2025, NOW)).toHaveLength(12);
    expect(monthOptions(null, NOW)).toHaveLength(12);
    expect(monthOptions(2025, new Date("2025-07-10T12:00:00Z"))).toHaveLength(7); // the spec's "7 options"
  });
  test("31 days always (an invalid date is refused by canSave, not hidden)", () => {
    expect(dayOptions()).toHaveLength(31);
  });
  test("moving to the current year clears a month that is not offered there", () => {
    expect(withYear(form({ year: 2025, month: 12 }), 2026, NOW).month).toBeNull();
    expect(withYear(form({ year: 2025, month: 5 }), 2026, NOW).month).toBe(5);
    expect(withYear(form({ year: 2026, month: 5 }), 2024, NOW)).toMatchObject({ year: 2024, month: 5 });
  });
});

describe("the form and the wire", () => {
  test("initialForm reads the payment date, account and value; empty while uncategorised", () => {
    expect(initialForm(block())).toEqual(form());
    expect(initialForm(block({ date: null, value: null, accountId: null }))).toEqual({
      day: null,
      month: null,
      year: null,
      accountId: null,
      cents: 0,
    });
  });
  test("toSaveBody sends an ISO date, a dotted decimal value, the account and the version", () => {
    expect(toSaveBody(7, form({ day: 5, month: 1, cents: 100050 }), 4)).toEqual({
      block: { id: 7, date: "2026-01-05", value: "1000.50", accountId: 3 },
      version: 4,
    });
    expect(() => toSaveBody(7, form({ accountId: null }), 4)).toThrow();
  });
  test("isDirty compares with the block as loaded", () => {
    expect(isDirty(form(), block())).toBe(false);
    expect(isDirty(form({ cents: 1 }), block())).toBe(true);
  });
  test("the block's month: payment date, or the sent date in São Paulo while uncategorised", () => {
    expect(blockYearMonth(block())).toEqual({ year: 2026, month: 3 });
    expect(blockYearMonth(block({ date: null }))).toEqual({ year: 2026, month: 3 });
    expect(blockYearMonth(block({ date: null, sentDatetime: "2026-01-01T02:00:00.000Z" }))).toEqual({
      year: 2025,
      month: 12,
    });
  });
  test("card texts", () => {
    expect(blockCardDate(block())).toBe("15/03/2026");
    expect(blockCardDate(block({ date: null }))).toBe("01/03/2026");
    expect(blockCardValue(block())).toBe("R$ 1.234,56");
    expect(blockCardValue(block({ value: "5" }))).toBe("R$ 5,00");
    expect(blockCardValue(block({ value: null }))).toBeNull();
  });
});

describe("currency input (spec §5)", () => {
  test("digits only, read as cents, pt-BR with two decimals, to the wire's dotted text", () => {
    expect(maskCurrency("")).toBe("R$ 0,00");
    expect(maskCurrency("R$ 0,001")).toBe("R$ 0,01");
    expect(maskCurrency("R$ 1.234,567")).toBe("R$ 12.345,67");
    expect(maskCurrency("abc12")).toBe("R$ 0,12");
    expect(parseCurrencyInput("R$ 1.234,56")).toBe(123456);
    expect(centsToDecimalText(parseCurrencyInput("R$ 1.234,56"))).toBe("1234.56");
  });
});

describe("badges (spec §2)", () => {
  test("categorised, contabilised, both by one operator", () => {
    expect(badges({ categorizedBy: null, contabilizedBy: null, alsoContabilize: false })).toEqual([]);
    expect(badges({ categorizedBy: "Ana", contabilizedBy: null, alsoContabilize: false })).toEqual([
      { kind: "categorized", name: "Ana" },
    ]);
    expect(badges({ categorizedBy: "Ana", contabilizedBy: "Bia", alsoContabilize: false })).toEqual([
      { kind: "categorized", name: "Ana" },
      { kind: "contabilized", name: "Bia" },
    ]);
    expect(badges({ categorizedBy: "Ana", contabilizedBy: "Ana", alsoContabilize: true })).toEqual([
      { kind: "both", name: "Ana" },
    ]);
  });
});

describe("zoom", () => {
  test("3 levels, clamped", () => {
    expect(stepZoom(0, -1)).toBe(0);
    expect(stepZoom(0, 1)).toBe(1);
    expect(stepZoom(2, 1)).toBe(2);
  });
});

describe("account picker groups", () => {
  const chart = [
    { id: 1, code: "2.1", description: "Água" },
    { id: 2, code: "1.10", description: "Energia Elétrica" },
    { id: 3, code: "1.2", description: "Aluguel" },
  ];
  test("'Contas ativas' first, the rest of the chart after, each once, sorted by code", () => {
    const groups = pickerGroups([{ id: 2, code: "1.10", description: "Energia Elétrica" }], chart);
    expect(groups.active.map((a) => a.id)).toEqual([2]);
    expect(groups.all.map((a) => a.id)).toEqual([3, 1]);
    expect(accountLabel(chart[1])).toBe("1.10 - Energia Elétrica");
  });
});

describe("findBlockInAnswer", () => {
  test("finds a block anywhere in year → month → account, ignores other shapes", () => {
    const answer = {
      blocks: { "2026": { "3": { "3": [block({ id: 1 })], null: [block({ id: 9, version: 8 })] } } },
      uncategorizedCount: 1,
    };
    expect(findBlockInAnswer(answer, 9)?.version).toBe(8);
    expect(findBlockInAnswer(answer, 2)).toBeNull();
    expect(findBlockInAnswer(undefined, 9)).toBeNull();
    expect(findBlockInAnswer({ list: [] }, 9)).toBeNull();
  });
});

describe("categorizationForm", () => {
  it("prefills from the suggestion a solved pendency left, and from the block without one", () => {
    const bare = { date: null, value: null, accountId: null };
    expect(categorizationForm({ ...bare, suggestion: null })).toEqual({
      day: null,
      month: null,
      year: null,
      accountId: null,
      cents: 0,
    });
    expect(categorizationForm({ ...bare, suggestion: { date: "2026-10-05", value: "123.45", accountId: 9 } })).toEqual({
      day: 5,
      month: 10,
      year: 2026,
      accountId: 9,
      cents: 12_345,
    });
    // a partial suggestion fills what it has
    expect(categorizationForm({ ...bare, suggestion: { date: null, value: "10.00", accountId: null } })).toMatchObject({
      cents: 1_000,
      accountId: null,
      day: null,
    });
  });
});
