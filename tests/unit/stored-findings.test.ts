import { blockReading, parseFindings } from "@/server/blocks/reading";
import { boletoFinding, fiscalFinding, accessKeyOf } from "@/server/seed/findings";
import { parseAccessKey } from "@/lib/fiscal/access-key";
import { parsePaymentCode } from "@/lib/fiscal/payment-codes";

// The findings a block's statement reads back from document_findings' JSON (server/blocks/reading.ts):
// checked one by one, a malformed one left out, the rest merged; the builders the seed and the factories
// use make codes whose check digits hold.
const KEY = accessKeyOf({ cnpj: "12345678000195", model: "55", issuedOn: "2025-05-10", number: 42 });
const XML = fiscalFinding(KEY, { source: "xml", supplierName: "MOINHO LTDA", date: "2025-05-10", valueCents: 150 });
const BOLETO = boletoFinding({ dueDate: "2026-03-31", valueCents: 123_456 });

test("the builders' codes are valid", () => {
  expect(parseAccessKey(KEY)?.model).toBe("55");
  const code = BOLETO.kind === "payment" ? BOLETO.code : null;
  expect(parsePaymentCode(code!.barcode, "2026-03-16")).toMatchObject({ dueDate: "2026-03-31", valueCents: 123_456 });
});

test("per document arrays, in order; a finding out of shape is left out", () => {
  const json = JSON.stringify([
    [BOLETO, { kind: "fiscal", key: "123" }],
    [XML, "text"],
  ]);
  expect(parseFindings(json)).toEqual([BOLETO, XML]);
  expect(parseFindings("not json")).toEqual([]);
  expect(parseFindings("{}")).toEqual([]);
});

test("extra keys of a stored finding do not reach the reading", () => {
  const stored = { ...BOLETO, code: { ...(BOLETO.kind === "payment" ? BOLETO.code : {}), text: "x" }, extra: 1 };
  expect(parseFindings(JSON.stringify([[stored]]))).toEqual([BOLETO]);
});

test("the reading: merged, duplicates once each and ascending, their reasons by block then reason", () => {
  const duplicates = "photo:9 key:3 supplier-value:9 line:9 key:9";
  const reading = blockReading({ findings: JSON.stringify([[BOLETO], [XML]]), duplicates });
  expect(reading).toEqual({
    source: "barcode",
    key: KEY,
    model: "55",
    cnpj: "12345678000195",
    supplierName: "MOINHO LTDA",
    date: "2026-03-31",
    value: "1234.56",
    confidence: null,
    duplicateOf: [3, 9],
    duplicateReasons: [
      { blockId: 3, reason: "key" },
      { blockId: 9, reason: "key" },
      { blockId: 9, reason: "line" },
      { blockId: 9, reason: "supplier-value" },
      { blockId: 9, reason: "photo" },
    ],
  });
});

test("the reading: null when nothing holds and no duplicate; with only a duplicate, nothing read but the duplicate", () => {
  expect(blockReading({ findings: null, duplicates: null })).toBeNull();
  expect(blockReading({ findings: JSON.stringify([[{ kind: "nope" }]]), duplicates: null })).toBeNull();
  expect(blockReading({ findings: null, duplicates: "photo:4 bogus:5 photo:x" })).toEqual({
    source: null,
    key: null,
    model: null,
    cnpj: null,
    supplierName: null,
    date: null,
    value: null,
    confidence: null,
    duplicateOf: [4],
    duplicateReasons: [{ blockId: 4, reason: "photo" }],
  });
});
