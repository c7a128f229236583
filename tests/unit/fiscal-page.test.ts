import { readFileSync } from "node:fs";
import sharp from "sharp";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import type { FiscalModel } from "@/lib/fiscal/access-key";
import type { FiscalDocument } from "@/lib/fiscal/fiscal-document";
import { maskCnpj } from "@/lib/format";
import { messages } from "@/lib/i18n/messages";
import { PAGE_HEIGHT, PAGE_WIDTH, fiscalPageSvg, renderFiscalPage } from "@/server/fiscal/danfe-page";
import { groupAccessKey } from "@/server/fiscal/page-format";
import { THUMB_MAX_SIDE, processImage } from "@/server/images/pipeline";
import { sampleDocument, sampleItems, sampleTransport } from "@/tests/helpers/fiscal-documents";

const t = messages.fiscalPage;

// zxing-wasm fetches its wasm from a CDN unless it is handed the binary: read it from node_modules,
// where the package ships it, so the test runs offline.
beforeAll(async () => {
  const wasm = readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm"));
  const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
  await prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
});

async function readCode128(image: Buffer): Promise<string[]> {
  const png = await sharp(image).png().toBuffer();
  const results = await readBarcodes(new Uint8Array(png), { formats: ["Code128"], tryHarder: true });
  return results.filter((r) => r.isValid).map((r) => r.text);
}

const MODELS: [FiscalModel, FiscalDocument][] = [
  ["55", sampleDocument("55")],
  ["65", sampleDocument("65", { recipient: null })],
  ["57", sampleTransport()],
  ["59", sampleDocument("59")],
];

describe("renderFiscalPage", () => {
  test.each(MODELS)(
    "model %s: one A4 page, its kind, numbers, parties, total, and a key that scans",
    async (model, doc) => {
      const png = await renderFiscalPage(doc);
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", PAGE_WIDTH, PAGE_HEIGHT]);
      const svg = fiscalPageSvg(doc);
      expect(svg).toContain(t.kind[model]);
      expect(svg).toContain("Emissão: 14/03/2025");
      expect(svg).toContain(`CNPJ ${maskCnpj(doc.issuer.document ?? "")}`);
      expect(svg).toContain(groupAccessKey(doc.key.key));
      expect(svg).toContain(t.total[model]);
      expect(svg).not.toContain(t.homologation);
      expect(svg).not.toContain(t.unauthorised.toUpperCase());
      expect(await readCode128(png)).toEqual([doc.key.key]);
    },
  );

  test("numbers, series, the recipient's CPF and money as a DANFE writes them", () => {
    expect(fiscalPageSvg(sampleDocument("55"))).toContain("Nº 000.001.234 · Série 001");
    const cfe = fiscalPageSvg(sampleDocument("59"));
    expect(cfe).toContain("Nº 001234 · SAT nº 900001234");
    expect(cfe).toContain("CPF 123.456.789-09");
    expect(cfe).toContain("R$ 1.790,00");
    expect(cfe).toContain(">2,5<");
    expect(fiscalPageSvg(sampleDocument("65", { recipient: null }))).toContain(t.unidentified);
  });

  test("the key is printed in 11 groups of 4 digits", () => {
    const grouped = groupAccessKey(sampleDocument("55").key.key);
    expect(grouped.split(" ").map((g) => g.length)).toEqual(Array(11).fill(4));
  });

  test("homologation and a missing protocol are marked", () => {
    const svg = fiscalPageSvg(sampleDocument("55", { homologation: true, authorised: false }));
    expect(svg).toContain(t.homologation.toUpperCase());
    expect(svg).toContain(t.unauthorised.toUpperCase());
  });

  test("hostile names are escaped: the SVG stays one well-formed picture and the key still scans", async () => {
    const hostile = `<script>alert("x")</script> & Cia ]]> 'Ltda' \u0001\u0007 \uD800`;
    const doc = sampleDocument("55", {
      issuer: { document: "12345678000195", name: hostile, address: "Rua <b>&amp;</b>, ]]>" },
      recipient: { document: "<x/>", name: "]]><!--", address: null },
      items: [{ ...sampleItems(1)[0], description: hostile, code: "&<>" }],
    });
    const svg = fiscalPageSvg(doc);
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain("<b>");
    expect(svg).not.toContain("]]>");
    expect(svg).not.toContain("<!--");
    expect(svg).not.toMatch(/[\u0001\u0007]/);
    expect(svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Cia ]]&gt;");
    expect(svg).toContain("Rua &lt;b&gt;&amp;amp;&lt;/b&gt;");
    const png = await renderFiscalPage(doc);
    expect((await sharp(png).metadata()).height).toBe(PAGE_HEIGHT);
    expect(await readCode128(png)).toEqual([doc.key.key]);
  });

  test("a long description takes two lines, then is cut with '…'", () => {
    const description = `PARAFUSO SEXTAVADO ${"MUITO ".repeat(30)}LONGO`;
    const svg = fiscalPageSvg(sampleDocument("55", { items: [{ ...sampleItems(1)[0], description }] }));
    expect(svg).toMatch(/>PARAFUSO SEXTAVADO [A-Z ]*MUITO</);
    expect(svg).toMatch(/>MUITO [A-Z ]*…</);
    expect(svg).not.toContain("LONGO<");
  });

  test("long descriptions keep to one line each when two lines would leave items out", () => {
    const long = (n: number) => `ÓLEO DE SOJA REFINADO 900 ML CAIXA C/ 20 LOTE ${n}`;
    const items = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ ...sampleItems(1)[0], description: long(i + 1) }));
    const few = fiscalPageSvg(sampleDocument("55", { items: items(3) }));
    expect(few).toMatch(/>[^<>]*LOTE 3</);
    const many = fiscalPageSvg(sampleDocument("55", { items: items(20) }));
    expect(many).not.toMatch(/LOTE \d+</);
    expect(Number(/\+ (\d+) itens/.exec(many)?.[1])).toBeLessThan(10);
  });

  test("a party without name or document, and a document without date, say so", () => {
    const svg = fiscalPageSvg(
      sampleDocument("55", { issuedOn: null, recipient: { document: null, name: "Fulano", address: null } }),
    );
    expect(svg).toContain(`Emissão: ${t.noDate}`);
    expect(svg).toContain(t.noDocument);
    expect(svg).toContain(t.noAddress);
    const unnamed = fiscalPageSvg(
      sampleDocument("55", { recipient: { document: "98765432000198", name: null, address: null } }),
    );
    expect(unnamed).toContain(t.noName);
  });

  test("500 items: one page, the rows that fit, then '+ N itens'", async () => {
    const items = Array.from({ length: 500 }, (_, i) => ({ ...sampleItems(1)[0], description: `Item ${i + 1}` }));
    const doc = sampleDocument("55", { items });
    const svg = fiscalPageSvg(doc);
    const more = /\+ (\d+) itens/.exec(svg);
    expect(more).not.toBeNull();
    const shown = 500 - Number(more![1]);
    expect(shown).toBeGreaterThan(5);
    expect(svg).toContain(`>Item ${shown}<`);
    expect(svg).not.toContain(`>Item ${shown + 1}<`);
    expect(svg).toContain(t.itemCount(500));
    const meta = await sharp(await renderFiscalPage(doc)).metadata();
    expect([meta.width, meta.height]).toEqual([PAGE_WIDTH, PAGE_HEIGHT]);
  });

  test("the image pipeline stores the page as drawn: WebP at full size, a thumbnail, the key still scans", async () => {
    const doc = sampleDocument("55");
    const stored = await processImage(await renderFiscalPage(doc));
    expect([stored.mime, stored.width, stored.height]).toEqual(["image/webp", PAGE_WIDTH, PAGE_HEIGHT]);
    const thumb = await sharp(stored.thumb).metadata();
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(THUMB_MAX_SIDE);
    expect(await readCode128(stored.display)).toEqual([doc.key.key]);
  });

  test("render time per page (logged, not asserted)", async () => {
    const doc = sampleDocument("55", { items: sampleItems(60) });
    await renderFiscalPage(doc);
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const start = performance.now();
      await renderFiscalPage(doc);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(`fiscal page render: p50 ${times[3].toFixed(0)} ms, max ${times[6].toFixed(0)} ms (7 pages)`);
    expect(times).toHaveLength(7);
  });
});
