// The export files written from the layout: Domínio's pipe-delimited file compared byte for byte with a
// file written here by hand (Windows-1252, CRLF, separators), the CSV read back by an RFC 4180 reader and
// its totals checked, the complement's placeholders, and the Windows-1252 transliteration.
import {
  csvField,
  csvFile,
  decimalComma,
  dominioFile,
  fillComplement,
  oneField,
  type Posting,
} from "@/lib/exports/postings";
import { decodeWindows1252, encodeWindows1252 } from "@/lib/windows-1252";

const base: Omit<Posting, "date" | "debit" | "valueCents" | "complement" | "blockId"> = {
  credit: "5",
  historyCode: "120",
  supplierCode: "12345678000195",
  key: "",
};

const postings: Posting[] = [
  {
    ...base,
    date: "2026-03-02",
    debit: "31",
    valueCents: BigInt(123456),
    complement: "Papelaria São João 123",
    blockId: 7,
  },
  {
    ...base,
    date: "2026-03-15",
    debit: "3.1.01",
    valueCents: BigInt(5),
    historyCode: null,
    complement: "Café – “Ação” € ő|x\r\ny",
    blockId: 8,
  },
  { ...base, date: "2026-03-31", debit: "44", valueCents: BigInt(100000000), complement: "", blockId: 9 },
];

/** The expected file typed from the layout: each line, then CRLF; bytes above 0x7F written as Windows-1252 codes. */
function expectedDominio(): Buffer {
  const parts: (string | number[])[] = [
    "|0000|11222333000181|\r\n",
    "|6000|X||||\r\n",
    "|6100|02/03/2026|31|5|1234,56|120|Papelaria S",
    [0xe3], // ã
    "o Jo",
    [0xe3], // ã
    "o 123||||\r\n",
    "|6000|X||||\r\n",
    "|6100|15/03/2026|3.1.01|5|0,05||Caf",
    [0xe9], // é
    " ",
    [0x96], // – (en dash, 0x96 in Windows-1252)
    " ",
    [0x93], // “
    "A",
    [0xe7, 0xe3], // çã
    "o",
    [0x94], // ”
    " ",
    [0x80], // €
    " o x y||||\r\n", // ő → o, '|' and the line break → spaces, runs made one
    "|6000|X||||\r\n",
    "|6100|31/03/2026|44|5|1000000,00|120|||||\r\n",
  ];
  return Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "ascii") : Buffer.from(p))));
}

test("the Domínio file is the hand-written layout, byte for byte", () => {
  const bytes = dominioFile("11.222.333/0001-81", postings);
  expect(Buffer.from(bytes).toString("hex")).toBe(expectedDominio().toString("hex"));
  // CRLF ends every line and no bare LF exists
  const text = decodeWindows1252(bytes);
  expect(text.endsWith("\r\n")).toBe(true);
  expect(text.replace(/\r\n/g, "").includes("\n")).toBe(false);
  expect(text.split("\r\n").filter(Boolean)).toHaveLength(7);
});

test("an empty month is the header line alone", () => {
  expect(Buffer.from(dominioFile("12345678909", [])).toString("latin1")).toBe("|0000|12345678909|\r\n");
});

/** A minimal RFC 4180 reader with ';' as the separator. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ";") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

test("the CSV: UTF-8 with BOM, the header, one line per posting, read back and its total checked", () => {
  const withQuotes: Posting[] = [
    ...postings,
    { ...base, date: "2026-03-20", debit: "31", valueCents: BigInt(99), complement: 'Loja "A"; filial', blockId: 10 },
  ];
  const bytes = csvFile(withQuotes);
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder("utf-8", { ignoreBOM: false }).decode(bytes);
  const rows = parseCsv(text);
  expect(rows[0]).toEqual([
    "data",
    "debito",
    "credito",
    "valor",
    "historico",
    "complemento",
    "cnpj_fornecedor",
    "chave",
    "bloco",
  ]);
  expect(rows).toHaveLength(1 + withQuotes.length);
  for (const row of rows) expect(row).toHaveLength(9);
  expect(rows[4]).toEqual(["20/03/2026", "31", "5", "0,99", "120", 'Loja "A"; filial', "12345678000195", "", "10"]);
  expect(rows[2]![5]).toBe("Café – “Ação” € ő|x\r\ny");
  const total = rows.slice(1).reduce((sum, row) => sum + BigInt(row[3]!.replace(",", "")), BigInt(0));
  expect(total).toBe(BigInt(123456 + 5 + 100000000 + 99));
});

test("csvField quotes only what needs it", () => {
  expect(csvField("abc")).toBe("abc");
  expect(csvField("a;b")).toBe('"a;b"');
  expect(csvField('a"b')).toBe('"a""b"');
  expect(csvField("a\nb")).toBe('"a\nb"');
});

test("values: no thousands separator, comma before the cents", () => {
  expect(decimalComma(BigInt(0))).toBe("0,00");
  expect(decimalComma(BigInt(7))).toBe("0,07");
  expect(decimalComma(BigInt(123456789))).toBe("1234567,89");
  expect(decimalComma(BigInt(-150))).toBe("-1,50");
});

test("the complement's placeholders, and one field without '|' or line breaks", () => {
  const values = { fornecedor: "Posto Ipiranga", documento: "1234", chave: "3526" };
  expect(fillComplement("NF {documento} de {fornecedor} ({chave})", values)).toBe("NF 1234 de Posto Ipiranga (3526)");
  expect(fillComplement("{fornecedor} {documento}", { fornecedor: "", documento: "", chave: "" })).toBe("");
  expect(fillComplement("a|b\nc\t{outro}", values)).toBe("a b c {outro}");
  expect(oneField("  x\u2028y  ")).toBe("x y");
});

test("Windows-1252: what it holds kept, accents dropped when it cannot, else '?'", () => {
  expect([...encodeWindows1252("açé€…")]).toEqual([0x61, 0xe7, 0xe9, 0x80, 0x85]);
  expect(Buffer.from(encodeWindows1252("ŐőŠșĀ№—")).toString("latin1")).toBe("Oo\x8asANo\x97");
  expect(Buffer.from(encodeWindows1252("日本😀\u0081")).toString("latin1")).toBe("????");
  expect(decodeWindows1252(encodeWindows1252("São Paulo – Ação “ok”"))).toBe("São Paulo – Ação “ok”");
});
