import {
  centsToDecimalText,
  decimalTextToCents,
  formatCalendarDate,
  formatCents,
  formatDate,
  formatModified,
  formatTime,
  isValidCalendarDate,
  maskCep,
  maskCnpj,
  maskCpf,
  maskCurrency,
  maskNumber,
  maskPhone,
  matchesAccount,
  matchesClient,
  monthNames,
  monthOptions,
  normalizeSearch,
  parseCurrencyInput,
  parsePastedMoney,
  saoPauloParts,
} from "@/lib/format";
import { CEP_LENGTH, PHONE_LENGTH } from "@/lib/constants";

describe("masks", () => {
  test.each([
    [maskCpf, "52998224725", "529.982.247-25"],
    [maskCpf, "529982", "529.982"],
    [maskCpf, "5299822", "529.982.2"],
    [maskCpf, "529.982.247-25999", "529.982.247-25"],
    [maskCnpj, "11222333000181", "11.222.333/0001-81"],
    [maskCnpj, "112223330", "11.222.333/0"],
    [maskCep, "01310100", "01310-100"],
    [maskCep, "01310", "01310"],
    [maskPhone, "11987654321", "(11) 9 8765-4321"],
    [maskPhone, "1", "(1"],
    [maskPhone, "119", "(11) 9"],
    [maskPhone, "1198765", "(11) 9 8765"],
    [maskPhone, "11987654", "(11) 9 8765-4"],
    [maskPhone, "3133334444", "(31) 3333-4444"],
    [maskPhone, "313333", "(31) 3333"],
    [maskPhone, "31333344", "(31) 3333-44"],
    [maskPhone, "(31) 3333-44445", "(31) 3 3334-4445"],
    [maskNumber, "12a3", "123"],
    [maskNumber, "123456789012", "1234567890"],
    [maskCpf, "", ""],
  ])("%p(%j) -> %j", (mask, input, output) => expect(mask(input)).toBe(output));

  test("masked phone and CEP have the spec's lengths", () => {
    expect(maskPhone("11987654321")).toHaveLength(PHONE_LENGTH);
    expect(maskCep("01310100")).toHaveLength(CEP_LENGTH);
  });

  test("masking is idempotent", () => {
    expect(maskCnpj(maskCnpj("11222333000181"))).toBe("11.222.333/0001-81");
    expect(maskPhone(maskPhone("11987654321"))).toBe("(11) 9 8765-4321");
  });
});

describe("money", () => {
  test.each<[number | bigint, string]>([
    [0, "R$ 0,00"],
    [1, "R$ 0,01"],
    [99, "R$ 0,99"],
    [100, "R$ 1,00"],
    [4999, "R$ 49,99"],
    [123456, "R$ 1.234,56"],
    [100000000, "R$ 1.000.000,00"],
    [-150, "-R$ 1,50"],
    [BigInt("2147483648000"), "R$ 21.474.836.480,00"],
    [BigInt("999999999999999999"), "R$ 9.999.999.999.999.999,99"],
  ])("formatCents(%p) -> %j", (cents, text) => expect(formatCents(cents)).toBe(text));

  test("formatCents uses a plain space, not a no-break space", () => {
    expect(formatCents(1)).toContain("R$ ");
    expect(formatCents(1)).not.toContain("\u00a0");
  });

  test("formatCents refuses fractional cents", () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });

  test.each([
    ["", 0],
    ["R$ 0,00", 0],
    ["R$ ", 0],
    ["R$ 1.234,56", 123456],
    ["12345", 12345],
    ["R$ 0,05", 5],
    ["abc", 0],
    ["R$ 9.999.999.999.999,99", 999999999999999],
    ["1234567890123456789", 123456789012345],
  ])("parseCurrencyInput(%j) -> %p", (text, cents) => expect(parseCurrencyInput(text)).toBe(cents));

  test.each([0, 1, 10, 100, 123456, 4999, 987654321, Number.MAX_SAFE_INTEGER % 10 ** 15])(
    "round trip %p cents",
    (cents) => {
      expect(parseCurrencyInput(formatCents(cents))).toBe(cents);
      expect(decimalTextToCents(centsToDecimalText(cents))).toBe(cents);
    },
  );

  test("maskCurrency formats keystrokes as cents", () => {
    expect(maskCurrency("1")).toBe("R$ 0,01");
    expect(maskCurrency("R$ 0,012")).toBe("R$ 0,12");
    expect(maskCurrency("R$ 12,3")).toBe("R$ 1,23");
    expect(maskCurrency("")).toBe("R$ 0,00");
  });

  test.each([
    ["1234.56", 123456],
    ["1234,5", 123450],
    ["1234", 123400],
    ["-1.50", -150],
    ["0", 0],
    ["1.234,56", null],
    ["abc", null],
    ["1.234", null],
  ])("decimalTextToCents(%j) -> %p", (text, cents) => expect(decimalTextToCents(text)).toBe(cents));

  test("centsToDecimalText", () => {
    expect(centsToDecimalText(123456)).toBe("1234.56");
    expect(centsToDecimalText(5)).toBe("0.05");
    expect(centsToDecimalText(BigInt("100000000000"))).toBe("1000000000.00");
  });
});

describe("a pasted value (the currency input)", () => {
  test.each([
    ["R$ 1.234,56", 123456],
    ["R$1.234,56", 123456],
    ["1234,56", 123456],
    ["1234,5", 123450],
    ["1,234.56", 123456],
    ["1234.56", 123456],
    ["1234.5", 123450],
    ["1.500", 150000],
    ["1.234.567", 123456700],
    ["R$ 10", 1000],
    ["10", 1000],
    [" 0,99 ", 99],
    ["0", 0],
  ] as const)("%j -> %i cents", (text, cents) => expect(parsePastedMoney(text)).toBe(cents));
  test.each([["-50,00"], ["12,345"], ["1,234,567"], ["abc"], [""], ["R$"], ["12.34.5"], ["9".repeat(14)]])(
    "%j is no amount: null",
    (text) => expect(parsePastedMoney(text)).toBeNull(),
  );
});

describe("dates in São Paulo", () => {
  test.each([
    ["2026-03-10T15:04:00Z", "10/03/2026", "12:04"],
    ["2026-03-10T02:30:00Z", "09/03/2026", "23:30"], // still the previous day in Brasília
    ["2026-01-01T02:59:00Z", "31/12/2025", "23:59"],
    ["2026-01-01T03:00:00Z", "01/01/2026", "00:00"],
    ["2019-01-15T12:00:00Z", "15/01/2019", "10:00"], // daylight saving time (UTC-2) back then
  ])("%s -> %s %s", (iso, date, time) => {
    expect(formatDate(iso)).toBe(date);
    expect(formatTime(new Date(iso))).toBe(time);
  });

  test("formatModified", () => {
    expect(formatModified("2026-07-05T21:07:00Z")).toBe("Modificado em 05/07/2026 às 18:07");
  });

  test("saoPauloParts gives calendar fields", () => {
    expect(saoPauloParts("2026-12-31T23:00:00Z")).toEqual({ year: 2026, month: 12, day: 31, hour: 20, minute: 0 });
  });

  test("formatCalendarDate reads a PostgreSQL date (UTC midnight) as that day", () => {
    expect(formatCalendarDate(new Date(Date.UTC(2026, 2, 10)))).toBe("10/03/2026");
    expect(formatDate(new Date(Date.UTC(2026, 2, 10)))).toBe("09/03/2026");
  });

  test("invalid dates throw", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
  });

  test.each([
    [2024, 2, 29, true],
    [2026, 2, 29, false],
    [2026, 4, 31, false],
    [2026, 12, 31, true],
    [2026, 13, 1, false],
    [2026, 0, 10, false],
  ])("isValidCalendarDate(%p, %p, %p) -> %p", (y, m, d, ok) => expect(isValidCalendarDate(y, m, d)).toBe(ok));

  test("month names with 'Todos'", () => {
    expect(monthNames).toHaveLength(12);
    expect(monthNames[0]).toBe("Janeiro");
    expect(monthNames[2]).toBe("Março");
    expect(monthNames[11]).toBe("Dezembro");
    expect(monthOptions[0]).toEqual({ value: 0, label: "Todos" });
    expect(monthOptions[12]).toEqual({ value: 12, label: "Dezembro" });
  });
});

describe("search", () => {
  test("normalizeSearch lower-cases and removes accents", () => {
    expect(normalizeSearch("Energia Elétrica")).toBe("energia eletrica");
    expect(normalizeSearch("AÇÃO Pão Ônibus")).toBe("acao pao onibus");
  });

  const account = { code: "3.1.02.004", description: "Energia Elétrica" };
  test.each([
    ["", true],
    ["   ", true],
    ["eletrica", true],
    ["ELÉTRICA", true],
    ["energia el", true],
    ["3.1.02", true],
    ["004", true],
    ["agua", false],
    ["3.1.03", false],
  ])("matchesAccount(%j) -> %p", (term, ok) => expect(matchesAccount(account, term)).toBe(ok));

  const client = { name: "Padaria Pão Quente Ltda", modifiedAt: "2026-07-05T21:07:00Z" };
  test.each([
    ["", true],
    ["pao quente", true],
    ["05/07/2026", true],
    ["18:07", true],
    ["21:07", false],
    ["mercado", false],
  ])("matchesClient(%j) -> %p", (term, ok) => expect(matchesClient(client, term)).toBe(ok));
});
