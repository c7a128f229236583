// Fiscal XMLs read into FiscalDocument (server/fiscal/read-fiscal-xml.ts): each model and layout with every
// field checked, the ways a file is refused, and hostile files (oversized, entity bombs, external
// entities) answered quickly without expanding or reading anything.
import fs from "node:fs";
import { readFiscalXml } from "@/server/fiscal/read-fiscal-xml";
import { MAX_XML_BYTES } from "@/server/fiscal/xml-text";
import { centsOf, dateOf } from "@/server/fiscal/xml-values";
import { fiscalMessages } from "@/lib/i18n/sections/fiscal";
import type { FiscalDocument } from "@/lib/fiscal/fiscal-document";
import { CTE_PARTIES, ISSUER, RECIPIENT, buildCfe, buildCte, buildNfe, withDigit } from "@/scripts/lib/fiscal-xml";

const m = fiscalMessages.xml;

function read(input: string | Buffer): FiscalDocument {
  const result = readFiscalXml(typeof input === "string" ? Buffer.from(input) : input);
  if (!result.ok) throw new Error(`expected a document, got: ${result.message}`);
  return result.document;
}

function refusal(input: string | Buffer): string {
  const result = readFiscalXml(typeof input === "string" ? Buffer.from(input) : input);
  if (result.ok) throw new Error("expected a refusal");
  return result.message;
}

const issuer = { document: ISSUER.cnpj, name: ISSUER.name, address: ISSUER.address };
const recipient = { document: RECIPIENT.cnpj, name: RECIPIENT.name, address: RECIPIENT.address };

describe("NF-e and NFC-e", () => {
  test("an NF-e 4.00 nfeProc reads every field", () => {
    const built = buildNfe({ items: 3 });
    const document = read(built.bytes);
    expect(document).toEqual({
      key: expect.objectContaining({
        key: built.key,
        model: "55",
        state: "35",
        year: 2024,
        month: 3,
        issuer: ISSUER.cnpj,
      }),
      version: "4.00",
      issuedOn: "2024-03-15",
      issuer,
      recipient,
      items: built.items,
      totalCents: 1013 + 2025 + 3038,
      homologation: false,
      authorised: true,
    });
    expect(document.items[0]).toEqual({
      code: "P0001",
      description: "Parafuso sextavado nº 1 ação/é",
      quantity: "1.0000",
      unit: "UN",
      unitValueCents: 1013,
      totalCents: 1013,
    });
  });

  test("an NF-e 3.10 reads the same fields, dhEmi's date as written (not moved to UTC)", () => {
    const built = buildNfe({ layout: "3.10" });
    expect(read(built.bytes)).toEqual({
      key: expect.objectContaining({ key: built.key }),
      version: "3.10",
      issuedOn: "2024-03-15",
      issuer,
      recipient,
      items: built.items,
      totalCents: 3038,
      homologation: false,
      authorised: true,
    });
  });

  test("a 2.00 layout's dEmi is the emission date", () => {
    expect(read(buildNfe({ layout: "2.00" }).bytes).issuedOn).toBe("2024-03-15");
  });

  test("a bare NFe (no protocol) is read and not authorised", () => {
    const built = buildNfe({ protocol: false });
    const document = read(built.bytes);
    expect(document.authorised).toBe(false);
    expect(document.key.key).toBe(built.key);
    expect(document.totalCents).toBe(3038);
  });

  test.each([
    ["100", true],
    ["150", true],
    ["110", false],
    ["302", false],
  ])("protocol status %s: authorised %s", (status, authorised) => {
    expect(read(buildNfe({ protocolStatus: status }).bytes).authorised).toBe(authorised);
  });

  test("a protocol for another key does not authorise the note", () => {
    const built = buildNfe();
    const other = withDigit(`${built.key.slice(0, 34)}1${"0".repeat(8)}`);
    const text = built.text.replace(`<chNFe>${built.key}</chNFe>`, `<chNFe>${other}</chNFe>`);
    expect(read(text).authorised).toBe(false);
  });

  test("tpAmb 2 is homologation", () => {
    const document = read(buildNfe({ homologation: true }).bytes);
    expect(document.homologation).toBe(true);
    expect(read(buildNfe().bytes).homologation).toBe(false);
  });

  test("a prefixed namespace reads the same document", () => {
    const built = buildNfe({ prefix: "nfe" });
    expect(built.text).toContain("<nfe:nfeProc");
    const document = read(built.bytes);
    expect(document).toEqual(
      expect.objectContaining({ issuer, recipient, items: built.items, totalCents: 3038, authorised: true }),
    );
    expect(read(buildNfe({ prefix: "nfe", protocol: false }).bytes).issuer).toEqual(issuer);
  });

  test("an NFC-e: model 65, no recipient, or a consumer by CPF alone; the QR code's CDATA is skipped", () => {
    const built = buildNfe({ model: "65", items: 1 });
    const document = read(built.bytes);
    expect(document.key.model).toBe("65");
    expect(document.recipient).toBeNull();
    expect(document.items).toEqual(built.items);
    expect(document.authorised).toBe(true);
    const withCpf = read(buildNfe({ model: "65", consumerCpf: "12345678909" }).bytes);
    expect(withCpf.recipient).toEqual({ document: "12345678909", name: null, address: null });
  });

  test("N items, in order", () => {
    const built = buildNfe({ items: 50 });
    const document = read(built.bytes);
    expect(document.items).toHaveLength(50);
    expect(document.items.map((item) => item.code)).toEqual(built.items.map((item) => item.code));
    expect(document.totalCents).toBe(built.totalCents);
    expect(read(buildNfe({ items: 0 }).bytes).items).toEqual([]);
  });

  test("character references and predefined entities are decoded", () => {
    const built = buildNfe({ items: 1 });
    const text = built.text.replace(
      "Parafuso sextavado nº 1 ação/é",
      "Caf&#233; &amp; a&#xE7;&#xFA;car &lt;1kg&gt; &quot;x&quot; &apos;y&apos;",
    );
    expect(read(text).items[0].description).toBe("Café & açúcar <1kg> \"x\" 'y'");
  });
});

describe("CT-e", () => {
  test("a CT-e 4.00 cteProc reads every field; the value's components are its items", () => {
    const built = buildCte();
    expect(read(built.bytes)).toEqual({
      key: expect.objectContaining({ key: built.key, model: "57", state: "41", year: 2024, month: 5 }),
      version: "4.00",
      issuedOn: "2024-05-02",
      issuer: {
        document: ISSUER.cnpj,
        name: "Transportes Irmãos Göbel Ltda",
        address: "Rodovia BR-277, km 5, Industrial, Curitiba/PR",
      },
      recipient: {
        document: RECIPIENT.cnpj,
        name: RECIPIENT.name,
        address: "Rua XV de Novembro, 10, Centro, Curitiba/PR",
      },
      items: [
        { code: null, description: "Frete peso", quantity: null, unit: null, unitValueCents: null, totalCents: 15000 },
        { code: null, description: "Pedágio", quantity: null, unit: null, unitValueCents: null, totalCents: 1250 },
      ],
      totalCents: 16250,
      homologation: false,
      authorised: true,
    });
  });

  test.each([
    [0, CTE_PARTIES.rem],
    [1, CTE_PARTIES.exped],
    [2, CTE_PARTIES.receb],
    [3, CTE_PARTIES.dest],
  ] as const)("toma3 %s names the taker", (taker, party) => {
    const document = read(buildCte({ taker }).bytes);
    expect(document.recipient).toEqual(expect.objectContaining({ document: party.cnpj, name: party.name }));
  });

  test("toma4 is a taker of its own", () => {
    const document = read(buildCte({ taker: 4 }).bytes);
    expect(document.recipient).toEqual({
      document: CTE_PARTIES.toma4.cnpj,
      name: CTE_PARTIES.toma4.name,
      address: null,
    });
  });

  test("a bare CT-e 3.00 in homologation, prefixed: read, not authorised", () => {
    const built = buildCte({ layout: "3.00", protocol: false, homologation: true, prefix: "cte" });
    const document = read(built.bytes);
    expect(document.version).toBe("3.00");
    expect(document.homologation).toBe(true);
    expect(document.authorised).toBe(false);
    expect(document.totalCents).toBe(16250);
  });

  test("a protocol status other than 100 does not authorise", () => {
    expect(read(buildCte({ protocolStatus: "204" }).bytes).authorised).toBe(false);
  });
});

describe("CF-e SAT", () => {
  test("a CF-e reads every field; its date is AAAAMMDD; it is authorised by its SAT", () => {
    const built = buildCfe({ items: 3 });
    expect(read(built.bytes)).toEqual({
      key: expect.objectContaining({
        key: built.key,
        model: "59",
        year: 2024,
        month: 6,
        series: built.key.slice(22, 31),
      }),
      version: "0.08",
      issuedOn: "2024-06-07",
      issuer: {
        document: ISSUER.cnpj,
        name: "Padaria Pão Dourado Ltda",
        address: "Rua Augusta, 1500, Consolação, São Paulo",
      },
      recipient: { document: "12345678909", name: "Cliente Feliz", address: null },
      items: Array.from({ length: 3 }, (_, index) => ({
        code: `${index + 1}`,
        description: `Pão de queijo ${index + 1}`,
        quantity: "2.0000",
        unit: "UN",
        unitValueCents: 450,
        totalCents: 850,
      })),
      totalCents: 2550,
      homologation: false,
      authorised: true,
    });
  });

  test("an empty dest is no recipient; tpAmb 2 is homologation", () => {
    const document = read(buildCfe({ buyerCpf: null, homologation: true }).bytes);
    expect(document.recipient).toBeNull();
    expect(document.homologation).toBe(true);
  });
});

describe("encodings", () => {
  test("ISO-8859-1 bytes read their accents right", () => {
    const built = buildNfe({ latin1: true, items: 1 });
    expect(built.bytes.includes(Buffer.from("ç", "utf8"))).toBe(false);
    const document = read(built.bytes);
    expect(document.issuer.name).toBe("Distribuidora Paraná de Peças Ltda");
    expect(document.items[0].description).toBe("Parafuso sextavado nº 1 ação/é");
    expect(read(buildCte({ latin1: true }).bytes).issuer.name).toBe("Transportes Irmãos Göbel Ltda");
    expect(read(buildCfe({ latin1: true }).bytes).issuer.name).toBe("Padaria Pão Dourado Ltda");
  });

  test("windows-1252 maps 0x80-0x9F (the euro sign, dashes)", () => {
    const built = buildNfe({ latin1: true, items: 1 });
    const text = built.text.replace('encoding="ISO-8859-1"', 'encoding="windows-1252"').replace("ação/é", "ação – €");
    const bytes = Buffer.from(text.replace("–", "\x96").replace("€", "\x80"), "latin1");
    expect(read(bytes).items[0].description).toBe("Parafuso sextavado nº 1 ação – €");
  });

  test("a UTF-8 byte-order mark is fine; undeclared Latin-1 bytes are read as Windows-1252", () => {
    const built = buildNfe();
    expect(read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), built.bytes])).issuer.name).toBe(ISSUER.name);
    const ansi = Buffer.from(built.text.replace(' encoding="UTF-8"', ""), "latin1");
    expect(read(ansi).issuer.name).toBe(ISSUER.name);
  });

  test("an encoding we do not read is refused by name", () => {
    const text = buildNfe().text.replace('encoding="UTF-8"', 'encoding="UTF-16"');
    expect(refusal(text)).toBe(m.encoding("utf-16"));
  });
});

describe("refusals", () => {
  test("a broken check digit", () => {
    expect(refusal(buildNfe({ wrongDigit: true }).bytes)).toBe(m.badKey);
    expect(refusal(buildCte({ wrongDigit: true }).bytes)).toBe(m.badKey);
    expect(refusal(buildCfe({ wrongDigit: true }).bytes)).toBe(m.badKey);
    expect(m.badKey).toBe("A chave de acesso do documento não confere (dígito verificador).");
  });

  test("an Id without its prefix, or a key of another model", () => {
    const built = buildNfe();
    expect(refusal(built.text.replace(`Id="NFe${built.key}"`, `Id="${built.key}"`))).toBe(m.badKey);
    const cte = buildCte();
    const swapped = built.text.replace(`Id="NFe${built.key}"`, `Id="NFe${cte.key}"`);
    expect(refusal(swapped)).toBe(m.keyModel);
  });

  test.each([
    ["an HTML page", "<html><body>oi</body></html>"],
    ["an NF-e event", '<procEventoNFe versao="1.00"><evento/></procEventoNFe>'],
    ["JSON", '{"nfe": true}'],
    ["a PDF", "%PDF-1.7\n1 0 obj"],
    ["an nfeProc without its NFe", '<nfeProc versao="4.00"><protNFe/></nfeProc>'],
    ["empty", ""],
  ])("not a fiscal XML: %s", (_name, text) => {
    expect(refusal(text)).toBe(m.notFiscal);
  });

  test.each([
    ["truncated", () => buildNfe().text.slice(0, 900)],
    ["an unclosed tag", () => buildNfe().text.replace("</emit>", "")],
    ["a mismatched end tag", () => buildNfe().text.replace("</emit>", "</emitente>")],
    ["an undefined entity", () => buildNfe().text.replace("Centro", "Centro&nbsp;")],
    ["two roots", () => buildCfe().text + "<CFe/>"],
  ])("malformed: %s", (_name, make) => {
    expect(refusal(make())).toBe(m.malformed);
  });

  test("a total that is not a decimal", () => {
    const built = buildNfe();
    expect(refusal(built.text.replace(/<vNF>[^<]*<\/vNF>/, "<vNF>30,38</vNF>"))).toBe(m.noTotal);
    expect(refusal(built.text.replace("<vProd>10.13</vProd>", "<vProd>abc</vProd>"))).toBe(m.badValue("vProd"));
  });
});

describe("values", () => {
  test.each([
    ["162.50", 16250],
    ["0.1", 10],
    ["1234", 123400],
    ["10.1250000000", 1013],
    ["0.005", 1],
    ["0.0049999999", 0],
    ["9999999999999.99", 999999999999999],
    ["1,50", null],
    ["-5.00", null],
    ["1e3", null],
    [".5", null],
    ["", null],
  ])("cents of %j: %j", (text, cents) => {
    expect(centsOf(text)).toBe(cents);
  });

  test.each([
    ["2024-03-15T23:59:59-03:00", "2024-03-15"],
    ["2024-03-15T00:00:00+01:00", "2024-03-15"],
    ["2024-03-15", "2024-03-15"],
    ["20240229", "2024-02-29"],
    ["20230229", null],
    ["2024-13-01", null],
    ["15/03/2024", null],
  ])("date of %j: %j", (text, date) => {
    expect(dateOf(text)).toBe(date);
  });
});

describe("hostile files", () => {
  test("exactly 5 MB is read; one byte more, and 20 MB, are refused unread and fast", () => {
    const built = buildNfe();
    const padding = MAX_XML_BYTES - built.bytes.length - "<!---->".length;
    const exact = Buffer.from(built.text.replace("</nfeProc>", `<!--${" ".repeat(padding)}--></nfeProc>`));
    expect(exact.length).toBe(MAX_XML_BYTES);
    expect(read(exact).key.key).toBe(built.key);
    for (const size of [MAX_XML_BYTES + 1, 20 * 1024 * 1024]) {
      const big = Buffer.concat([built.bytes, Buffer.alloc(size - built.bytes.length, 0x20)]);
      expect(refusal(big)).toBe(m.tooLarge);
    }
    expect(m.tooLarge).toBe("O XML passa de 5 MB.");
  });

  test("billion laughs is refused before any expansion, without growing the heap", () => {
    const lol = ['<!ENTITY lol "lol">'];
    for (let level = 1; level <= 9; level += 1) {
      lol.push(`<!ENTITY lol${level} "${`&lol${level === 1 ? "" : level - 1};`.repeat(10)}">`);
    }
    const text = `<?xml version="1.0"?><!DOCTYPE lolz [${lol.join("")}]><NFe><infNFe>&lol9;</infNFe></NFe>`;
    global.gc?.();
    const heap = process.memoryUsage().heapUsed;
    expect(refusal(text)).toBe(m.doctype);
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(20 * 1024 * 1024);
  });

  test("an external entity is refused and its file never opened", () => {
    const open = jest.spyOn(fs, "openSync");
    const readFile = jest.spyOn(fs, "readFileSync");
    const readAsync = jest.spyOn(fs, "readFile");
    const built = buildNfe();
    const text = built.text
      .replace(
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE nfeProc [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
      )
      .replace("Centro", "&xxe;");
    expect(refusal(text)).toBe(m.doctype);
    const touched = [...open.mock.calls, ...readFile.mock.calls, ...readAsync.mock.calls].map((call) =>
      String(call[0]),
    );
    expect(touched.filter((path) => path.includes("passwd"))).toEqual([]);
    jest.restoreAllMocks();
  });

  test("a declaration anywhere is refused, even in a comment or lower case; an internal entity is never expanded", () => {
    const built = buildNfe();
    expect(refusal(built.text.replace("</nfeProc>", "<!-- <!DOCTYPE x> --></nfeProc>"))).toBe(m.doctype);
    expect(refusal(built.text.replace("<nfeProc", '<!doctype nfeProc [<!entity x "y">]><nfeProc'))).toBe(m.doctype);
    const internal = built.text
      .replace("<nfeProc", '<!DOCTYPE nfeProc [<!ENTITY nome "Outro Nome">]><nfeProc')
      .replace(ISSUER.name.replace("&", "&amp;"), "&nome;");
    expect(refusal(internal)).toBe(m.doctype);
  });

  test.each([
    ["a million empty elements", () => `<NFe>${"<a/>".repeat(1_200_000)}</NFe>`, m.notFiscal],
    ["700,000 nested elements", () => `${"<a>".repeat(700_000)}${"</a>".repeat(700_000)}`, m.notFiscal],
    ["800,000 character references", () => `<NFe>${"&#x41;".repeat(800_000)}</NFe>`, m.notFiscal],
  ])("%s under 5 MB: refused in bounded memory", (_name, make, message) => {
    const text = make();
    expect(text.length).toBeLessThanOrEqual(MAX_XML_BYTES);
    const heap = process.memoryUsage().heapUsed;
    expect(refusal(text)).toBe(message);
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(200 * 1024 * 1024);
  });

  test("1,000 NF-e of 10 items are read, each whole (the time is logged: npm run bench measures the import)", () => {
    const built = Array.from({ length: 1000 }, () => buildNfe({ items: 10 }));
    const files = built.map((file) => file.bytes);
    const started = performance.now();
    let total = 0;
    for (const bytes of files) total += read(bytes).totalCents;
    const elapsed = performance.now() - started;
    console.log(`1,000 NF-e XMLs (${Math.round(files[0].length / 1024)} KB each) read in ${Math.round(elapsed)} ms`);
    expect(total).toBe(built.reduce((sum, file) => sum + file.totalCents, 0));
  });
});
