import { prefillFromReading } from "@/components/blocks/reading-prefill";
import { summaryLine } from "@/components/fiscal-import/import-results";
import type { BlockReadingAnswer } from "@/lib/contract/fiscal";
import { IMPORT_FILES_MAX } from "@/lib/contract/fiscal";
import { IMPORT_BATCH_BYTES, IMPORT_BATCH_FILES, isImportable, planBatches } from "@/lib/fiscal/import-batches";
import { formatIsoDate, formatKey, formatTaxId, readingOf } from "@/lib/fiscal/reading-view";

const now = new Date("2026-11-29T12:00:00Z");
const reading = (patch: Partial<BlockReadingAnswer> = {}): BlockReadingAnswer => ({
  source: "xml",
  key: "35261112345678000195550010000012341000012347",
  model: "55",
  cnpj: "12345678000195",
  supplierName: "Fornecedor Ltda",
  date: "2026-11-10",
  value: "1234.56",
  confidence: null,
  duplicateOf: [],
  duplicateReasons: [],
  ...patch,
});
const empty = { date: null, value: null, accountId: null, suggestion: null };

describe("planBatches", () => {
  it("sends as many files a request as the contract takes", () => expect(IMPORT_BATCH_FILES).toBe(IMPORT_FILES_MAX));
  const xml = (size = 10) => ({ name: "a.xml", size });
  it("splits XMLs at the file cap and keeps their order", () => {
    const files = Array.from({ length: 250 }, () => xml());
    expect(planBatches(files).map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(planBatches(files).flat()).toEqual(files.map((_, i) => i));
  });
  it("splits at the byte budget, a big file going alone", () => {
    const half = IMPORT_BATCH_BYTES / 2;
    expect(planBatches([xml(half), xml(half), xml(1), xml(IMPORT_BATCH_BYTES * 2), xml(1)])).toEqual([
      [0, 1],
      [2],
      [3],
      [4],
    ]);
  });
  it("sends each ZIP alone", () => {
    const files = [xml(), { name: "notas.ZIP", size: 5 }, xml(), xml()];
    expect(planBatches(files)).toEqual([[0], [1], [2, 3]]);
  });
  it("takes .xml and .zip only", () => {
    expect(["a.xml", "b.ZIP", "c.pdf", "xml"].map((name) => isImportable({ name }))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe("summaryLine", () => {
  it("names the non-zero counts", () => {
    const results = [
      ...Array.from({ length: 3 }, () => ({ name: "n.xml", status: "created" as const })),
      { name: "x.xml", status: "invalid" as const },
    ];
    expect(summaryLine(results)).toBe("3 blocos criados, 1 arquivo inválido");
    expect(summaryLine([{ name: "d.xml", status: "duplicate" }])).toBe("1 nota já importada");
    expect(summaryLine([])).toBe("Nenhum arquivo importado.");
  });
});

describe("reading formats", () => {
  it("formats the CNPJ, the key and the date", () => {
    expect(formatTaxId("12345678000195")).toBe("12.345.678/0001-95");
    expect(formatTaxId("12345678909")).toBe("123.456.789-09");
    expect(formatKey("3526 1112")).toBe("3526 1112");
    expect(formatKey("35261112345678000195")).toBe("3526 1112 3456 7800 0195");
    expect(formatIsoDate("2027-01-15")).toBe("15/01/2027");
  });
  it("reads the reading of answers with and without it", () => {
    expect(readingOf({})).toBeNull();
    expect(readingOf(null)).toBeNull();
    expect(readingOf({ reading: reading() })?.supplierName).toBe("Fornecedor Ltda");
  });
});

describe("prefillFromReading", () => {
  it("fills date and value of an empty block from the reading", () => {
    const prefill = prefillFromReading(empty, reading(), now);
    expect(prefill.form).toMatchObject({ day: 10, month: 11, year: 2026, cents: 123456, accountId: null });
    expect(prefill).toMatchObject({ date: true, value: true, outside: null });
  });
  it("leaves the block's own and the suggestion's values", () => {
    const own = prefillFromReading({ ...empty, date: "2026-10-01", value: "5.00" }, reading(), now);
    expect(own).toMatchObject({ date: false, value: false });
    expect(own.form).toMatchObject({ day: 1, month: 10, cents: 500 });
    const suggested = prefillFromReading(
      { ...empty, suggestion: { date: null, value: "9.99", accountId: 7 } },
      reading(),
      now,
    );
    expect(suggested).toMatchObject({ date: true, value: false });
    expect(suggested.form).toMatchObject({ cents: 999, accountId: 7, day: 10 });
  });
  it("does not fill a date the form cannot take, and says it", () => {
    const boleto = prefillFromReading(empty, reading({ model: "boleto", date: "2027-01-15" }), now);
    expect(boleto).toMatchObject({ date: false, value: true, outside: "2027-01-15" });
    expect(boleto.form.year).toBeNull();
    expect(prefillFromReading(empty, reading({ date: "2015-12-17" }), now).outside).toBe("2015-12-17");
  });
  it("changes nothing without a reading", () => {
    expect(prefillFromReading(empty, null, now)).toMatchObject({ date: false, value: false, outside: null });
  });
});
