import {
  findCnpj,
  findDate,
  findSupplierName,
  findTotal,
  joinRows,
  moneyInLine,
  ocrFields,
  parseDate,
  parseMoney,
  type OcrLine,
  type PlacedLine,
} from "@/lib/fiscal/ocr-fields";

// The rules that turn a receipt's recognised text into fields (lib/fiscal/ocr-fields.ts): pt-BR money
// and dates in their printed variants and OCR's usual misreadings, the total's labels, a CNPJ only with
// its check digits, the supplier's line, and the rows rebuilt from pieces read apart.

const TODAY = "2026-11-29";
const lines = (...texts: string[]): OcrLine[] => texts.map((text) => ({ text, confidence: 0.9 }));

describe("money", () => {
  test.each([
    ["R$ 1.234,56", 123_456],
    ["1234,56", 123_456],
    ["R$12,00", 1_200],
    ["1 234,56", 123_456],
    ["0,99", 99],
    ["12.345.678,90", 1_234_567_890],
    // OCR's misreadings: the thousands' dot as ':', the comma as '/', O for 0, l for 1
    ["1:915,99", 191_599],
    ["915/99", 91_599],
    ["1O5,l0", 10_510],
  ])("%s is %i cents", (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  test("no amount, or more than one, is no single amount", () => {
    expect(parseMoney("OBRIGADO")).toBeNull();
    expect(parseMoney("12")).toBeNull(); // no cents: a count, not money
    expect(parseMoney("10,00 20,00")).toBeNull();
    expect(moneyInLine("10,00  20,00")).toEqual([1_000, 2_000]);
  });
});

describe("the total", () => {
  test("the strongest label wins: VALOR A PAGAR over TOTAL", () => {
    const found = findTotal(lines("TOTAL R$ 110,00", "DESCONTO 10,00", "VALOR A PAGAR R$ 100,00"));
    expect(found?.cents).toBe(10_000);
  });

  test.each(["VALOR TOTAL R$ 58,90", "TOTAL  58,90", "Total a pagar: 58,90", "TOTAL R$", "valor total r$ 58.90"])(
    "%s",
    (text) => {
      const found = findTotal(text === "TOTAL R$" ? lines(text, "58,90") : lines(text));
      expect(found?.cents).toBe(5_890);
    },
  );

  test("a subtotal, a count of items, the taxes or the change is never the total", () => {
    expect(findTotal(lines("SUBTOTAL 40,00"))).toBeNull();
    expect(findTotal(lines("QTD. TOTAL DE ITENS  3"))).toBeNull();
    expect(findTotal(lines("Valor aprox. tributos TOTAL 4,10 (Lei 12.741)"))).toBeNull();
    expect(findTotal(lines("TROCO 5,00"))).toBeNull();
    expect(findTotal(lines("SUBTOTAL 40,00", "TOTAL 44,00"))?.cents).toBe(4_400);
  });

  test("the amount right of the label, when the line holds another one before it", () => {
    expect(findTotal(lines("DINHEIRO 30,00 TOTAL 27,00"))?.cents).toBe(2_700);
  });
});

describe("the date", () => {
  test.each([
    ["14/03/2026", "2026-03-14"],
    ["14.03.2026", "2026-03-14"],
    ["14-03-2026", "2026-03-14"],
    ["4/3/2026", "2026-03-04"],
    ["14/03/26", "2026-03-14"], // a two-digit year is this century's, never 19xx
    ["31/12/99", null], // 2099: after today
    ["14 /03/ 2026", "2026-03-14"],
    ["l4/O3/2026", "2026-03-14"],
  ])("%s", (text, iso) => {
    expect(findDate(lines(`DATA: ${text} 10:32`), TODAY)?.iso ?? null).toBe(iso);
  });

  test("no calendar day, before 2000 or after today is no date", () => {
    expect(parseDate("31", "02", "2026", TODAY)).toBeNull();
    expect(parseDate("29", "02", "2024", TODAY)).toBe("2024-02-29");
    expect(parseDate("10", "13", "2026", TODAY)).toBeNull();
    expect(parseDate("00", "10", "2026", TODAY)).toBeNull();
    expect(parseDate("10", "10", "1999", TODAY)).toBeNull();
    expect(parseDate("30", "11", "2026", TODAY)).toBeNull();
    expect(parseDate("29", "11", "2026", TODAY)).toBe(TODAY);
  });

  test("a labelled date beats an earlier one; else the first", () => {
    const text = lines("Validade 01/01/2026", "Emissão: 02/02/2026");
    expect(findDate(text, TODAY)?.iso).toBe("2026-02-02");
    expect(findDate(lines("Pedido 05/05/2026", "Entrega 06/05/2026"), TODAY)?.iso).toBe("2026-05-05");
  });
});

describe("the CNPJ", () => {
  test("printed, spaced by OCR or bare: the digits when its check digits hold", () => {
    for (const text of ["CNPJ: 11.222.333/0001-81", "CNPJ 11 .222.333/0001-81", "CNPJ 11222333000181"])
      expect(findCnpj(lines(text))?.cnpj).toBe("11222333000181");
  });

  test("check digits that fail are no CNPJ: a misread digit is never shown", () => {
    expect(findCnpj(lines("CNPJ: 11.222.333/0001-82"))).toBeNull();
    expect(findCnpj(lines("CNPJ: 11.222.383/0001-81"))).toBeNull();
  });

  test("a line read with too little confidence is not its source", () => {
    expect(findCnpj([{ text: "CNPJ: 11.222.333/0001-81", confidence: 0.1 }])).toBeNull();
  });
});

describe("the supplier", () => {
  test("the first line of letters above the CNPJ that names no document", () => {
    const text = lines("CUPOM NÃO FISCAL", "** PADARIA SÃO JORGE LTDA **", "CNPJ: 11.222.333/0001-81");
    expect(findSupplierName(text, 2)?.text).toBe("PADARIA SÃO JORGE LTDA");
  });

  test("digits or a document's name are no supplier", () => {
    expect(findSupplierName(lines("12345 678", "RECIBO", "Rua das Flores, 10"), null)).toBeNull();
  });
});

describe("rows", () => {
  const piece = (text: string, x0: number, y: number, slope = 0, width = 200): PlacedLine => ({
    text,
    confidence: 0.9,
    bbox: { x0, y0: y - 20, x1: x0 + width, y1: y + 4 },
    baseline: { x0, y0: y, x1: x0 + width, y1: y + slope * width },
  });

  test("a label and its amount read apart are one row, on a tilted photo too", () => {
    const flat = joinRows([piece("58,90", 600, 300, 0, 80), piece("TOTAL R$", 40, 301), piece("PIX", 40, 340)]);
    expect(flat.map((l) => l.text)).toEqual(["TOTAL R$  58,90", "PIX"]);
    // 3° of tilt: the amount 560 px to the right sits 29 px lower than the label's baseline
    const slope = Math.tan((3 * Math.PI) / 180);
    const tilted = joinRows([piece("TOTAL R$", 40, 300, slope), piece("58,90", 600, 300 + slope * 560, slope, 80)]);
    expect(tilted.map((l) => l.text)).toEqual(["TOTAL R$  58,90"]);
  });

  test("rows one above the other stay apart, top to bottom", () => {
    const rows = joinRows([piece("B", 40, 340), piece("A", 40, 300), piece("C", 40, 380)]);
    expect(rows.map((l) => l.text)).toEqual(["A", "B", "C"]);
  });
});

test("a receipt's fields, with the lowest confidence of the lines they came from", () => {
  const text: OcrLine[] = [
    { text: "MERCADINHO BOA VISTA ME", confidence: 0.95 },
    { text: "CNPJ: 11.222.333/0001-81", confidence: 0.8 },
    { text: "DATA: 29/05/26 12:36", confidence: 0.9 },
    { text: "2 x RESMA PAPEL A4   50,00", confidence: 0.7 },
    { text: "TOTAL R$   50,00", confidence: 0.93 },
  ];
  expect(ocrFields(text, TODAY)).toEqual({
    valueCents: 5_000,
    date: "2026-05-29",
    cnpj: "11222333000181",
    supplierName: "MERCADINHO BOA VISTA ME",
    confidence: 0.8,
  });
  expect(ocrFields([], TODAY)).toEqual({ valueCents: null, date: null, cnpj: null, supplierName: null, confidence: 0 });
});
