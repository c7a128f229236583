import { parseAccessKey } from "@/lib/fiscal/access-key";
import { duplicateKeys, mergeFindings, type Finding, type ReadingSource } from "@/lib/fiscal/block-reading";
import { parsePaymentCode } from "@/lib/fiscal/payment-codes";

// The merge rule of a block's reading, on codes the parsers read from published examples.
const NFE_KEY = "35080599999090910270550010000000015180051273";
const BOLETO_LINE = "23793.38128 60007.827136 95000.063305 9 75520000370000";
const COLLECTION_LINE = "84670000001-7 43590024020-9 02405000243-5 84221010811-9";

function fiscal(source: ReadingSource, extra: Partial<Extract<Finding, { kind: "fiscal" }>> = {}): Finding {
  const key = parseAccessKey(NFE_KEY)!;
  return {
    kind: "fiscal",
    source,
    key: key.key,
    model: key.model,
    cnpj: key.issuer,
    supplierName: null,
    date: null,
    valueCents: null,
    ...extra,
  };
}

function payment(source: ReadingSource, text = BOLETO_LINE): Finding {
  return { kind: "payment", source, code: parsePaymentCode(text, "2018-06-01")! };
}

test("nothing read: no reading", () => {
  expect(mergeFindings([])).toBeNull();
  expect(duplicateKeys([])).toEqual([]);
});

test("a fiscal document alone gives its supplier, date and total", () => {
  const xml = fiscal("xml", { supplierName: "Padaria Pão Quente Ltda", date: "2008-05-20", valueCents: 123456 });
  expect(mergeFindings([xml])).toEqual({
    source: "xml",
    key: NFE_KEY,
    model: "55",
    cnpj: "99999090910270",
    supplierName: "Padaria Pão Quente Ltda",
    date: "2008-05-20",
    value: "1234.56",
    confidence: null,
  });
});

test("a boleto gives the payment's due date and value; the fiscal document still names the supplier", () => {
  const note = fiscal("xml", { supplierName: "Fornecedor", date: "2018-05-02", valueCents: 999 });
  expect(mergeFindings([note, payment("barcode")])).toEqual({
    source: "barcode",
    key: NFE_KEY,
    model: "55",
    cnpj: "99999090910270",
    supplierName: "Fornecedor",
    date: "2018-06-11",
    value: "3700.00",
    confidence: null,
  });
  expect(mergeFindings([payment("pdf-text")])).toMatchObject({
    source: "pdf-text",
    key: "23799755200003700003381260007827139500006330",
    model: "boleto",
    cnpj: null,
    date: "2018-06-11",
    value: "3700.00",
  });
});

test("a collection slip gives its value and no due date", () => {
  expect(mergeFindings([payment("barcode", COLLECTION_LINE)])).toMatchObject({
    model: "arrecadacao",
    key: "84670000001435900240200240500024384221010811",
    date: null,
    value: "143.59",
  });
});

test("an XML beats a PDF's text, which beats a photo's code; the first document wins a tie", () => {
  const photo = fiscal("qrcode", { valueCents: 100 });
  const pdf = fiscal("pdf-text", { valueCents: 200 });
  const xml = fiscal("xml", { valueCents: 300 });
  expect(mergeFindings([photo, pdf, xml])?.value).toBe("3.00");
  expect(mergeFindings([photo, pdf])?.value).toBe("2.00");
  expect(mergeFindings([fiscal("barcode", { valueCents: 400 }), photo])?.value).toBe("4.00");
});

test("the duplicate check looks at every key and payment line, once each", () => {
  expect(duplicateKeys([fiscal("qrcode"), fiscal("xml"), payment("barcode")])).toEqual([
    NFE_KEY,
    "23799755200003700003381260007827139500006330",
  ]);
});

test("a receipt read by OCR gives the reading only when no document gave a code, with its confidence", () => {
  const ocr: Finding = {
    kind: "ocr",
    source: "ocr",
    cnpj: "11222333000181",
    supplierName: "Mercadinho Boa Vista",
    date: "2026-05-29",
    valueCents: 5_000,
    confidence: 0.83,
  };
  expect(mergeFindings([ocr])).toEqual({
    source: "ocr",
    key: null,
    model: null,
    cnpj: "11222333000181",
    supplierName: "Mercadinho Boa Vista",
    date: "2026-05-29",
    value: "50.00",
    confidence: 0.83,
  });
  // a code on another document of the block wins, whatever the order
  expect(mergeFindings([ocr, payment("barcode")])).toMatchObject({ source: "barcode", confidence: null, cnpj: null });
  expect(mergeFindings([fiscal("qrcode"), ocr])).toMatchObject({ source: "qrcode", confidence: null });
  // it carries no code another block may share
  expect(duplicateKeys([ocr])).toEqual([]);
});
