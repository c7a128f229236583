// PDFs read on the server: page count, pages drawn as PNGs the image pipeline accepts, the text layer
// and the codes found in it (each only with its check digits right), and hostile files answered with
// their reason within a bounded time. Times and memory are logged, never asserted as speed.
import { createServer, type Server } from "node:net";
import { mkdirSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import { processImage } from "@/server/images/pipeline";
import { openPdf, PDF_MAX_BYTES, PDF_PAGE_MAX_HEIGHT, pdfText, renderPdfPages } from "@/server/fiscal/read-pdf";
import { findInPdfText } from "@/server/fiscal/read-pdf-text";
import {
  A4,
  BOLETO_BARCODE,
  BOLETO_LINE,
  boletoPdf,
  COLLECTION_LINE,
  corruptPdf,
  DANFE_CNPJ,
  DANFE_KEY,
  danfePdf,
  encryptedPdf,
  flateBombPdf,
  groupedKey,
  javascriptPdf,
  manyPagesPdf,
  ownerPasswordPdf,
  paddedPdf,
  positionedTextPdf,
  scannedPdf,
  textPdf,
  truncatedPdf,
} from "@/tests/helpers/pdf-files";

jest.setTimeout(120_000);

const TODAY = "2026-11-28";
const SHOTS = "/tmp/pdf-shots";

// This process's resident memory sampled while the work runs (the PDF is read in a child process, whose
// own peak renderPdfPages reports).
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; peakMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  try {
    const value = await work();
    return {
      value,
      ms: performance.now() - started,
      peakMb: (Math.max(peak, process.memoryUsage().rss) - before) / 2 ** 20,
    };
  } finally {
    clearInterval(sampler);
  }
}

function log(label: string, measure: { ms: number; peakMb: number }): void {
  console.log(`${label}: ${measure.ms.toFixed(0)} ms, peak rss +${measure.peakMb.toFixed(1)} MB`);
}

describe("reading a PDF", () => {
  test("counts its pages", async () => {
    expect(await openPdf(await manyPagesPdf(3))).toEqual({ ok: true, pages: 3 });
    expect(await openPdf(await manyPagesPdf(10))).toEqual({ ok: true, pages: 10 });
  });

  test("draws each page as a PNG 1240 pixels wide that the image pipeline stores", async () => {
    const rendered = await renderPdfPages(await danfePdf());
    if (!rendered.ok) throw new Error(rendered.message);
    expect(rendered.pages).toHaveLength(1);
    const [page] = rendered.pages;
    expect(page).toMatchObject({ width: 1240, height: 1754 });
    expect(await sharp(page!.png).metadata()).toMatchObject({ format: "png", width: 1240, height: 1754 });
    const stored = await processImage(page!.png);
    expect(stored).toMatchObject({ mime: "image/webp", width: 1240, height: 1754 });
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(`${SHOTS}/danfe-page.png`, page!.png);
    writeFileSync(
      `${SHOTS}/boleto-page.png`,
      ((await renderPdfPages(await boletoPdf())) as { pages: { png: Buffer }[] }).pages[0]!.png,
    );
  });

  test("draws at another width on request", async () => {
    const rendered = await renderPdfPages(await boletoPdf(), { width: 620 });
    expect(rendered.ok && rendered.pages[0]).toMatchObject({ width: 620, height: 877 });
  });

  test("logs the time each page takes to draw", async () => {
    const pages = Array.from({ length: 10 }, (_, index) => [`Página ${index + 1}`, BOLETO_LINE, groupedKey(DANFE_KEY)]);
    const input = await textPdf(pages);
    const run = await timed(() => renderPdfPages(input));
    if (!run.value.ok) throw new Error(run.value.message);
    const times = run.value.pages.map((page) => page.ms).sort((a, b) => a - b);
    console.log(`page draw times (ms): ${times.map((ms) => ms.toFixed(0)).join(", ")}; p50 ${times[5]!.toFixed(0)}`);
    log("10 pages drawn, process start included", run);
    console.log(`reading process peak: ${run.value.peakMemoryMb.toFixed(0)} MB`);
  });

  test("reads the text layer page by page", async () => {
    const read = await pdfText(await textPdf([["Primeira página", "linha dois"], [], ["Terceira"]]));
    expect(read).toEqual({ ok: true, pages: ["Primeira página\nlinha dois", "", "Terceira"] });
  });

  test("runs side by side on a line are read apart", async () => {
    const cells = ["Nº 000.001", "Série 1", "Folha 1/1"].map((text, index) => ({ text, x: 40 + index * 150, y: 700 }));
    const read = await pdfText(positionedTextPdf(cells));
    expect(read).toEqual({ ok: true, pages: ["Nº 000.001 Série 1 Folha 1/1"] });
  });

  test("a scanned page is drawn, and has no text", async () => {
    const photo = await sharp({
      create: { width: 800, height: 1131, channels: 3, background: { r: 240, g: 235, b: 220 } },
    })
      .jpeg()
      .toBuffer();
    const input = scannedPdf(photo, 800, 1131);
    expect(await pdfText(input)).toEqual({ ok: true, pages: [""] });
    const rendered = await renderPdfPages(input);
    expect(rendered.ok && rendered.pages[0]).toMatchObject({ width: 1240, height: 1754 });
  });

  test("a PDF restricted by an owner password only opens, as in any viewer", async () => {
    expect(await openPdf(ownerPasswordPdf())).toEqual({ ok: true, pages: 1 });
    expect((await renderPdfPages(ownerPasswordPdf())).ok).toBe(true);
  });

  test("a page with a huge declared size is drawn scaled down", async () => {
    const square = await renderPdfPages(await textPdf([["grande"]], [14_400, 14_400]));
    expect(square.ok && square.pages[0]).toMatchObject({ width: 1240, height: 1240 });
    const strip = await renderPdfPages(await textPdf([["tira"]], [200, 14_400]));
    expect(strip.ok && strip.pages[0]).toMatchObject({ height: PDF_PAGE_MAX_HEIGHT });
    expect(strip.ok && strip.pages[0]!.width).toBeLessThan(100);
  });
});

describe("codes found in a PDF's text", () => {
  test("a boleto's typed line, its total and the beneficiary's CNPJ", async () => {
    const read = await pdfText(await boletoPdf());
    if (!read.ok) throw new Error(read.message);
    const found = findInPdfText(read.pages[0]!, TODAY);
    expect(found.paymentCodes).toEqual([
      expect.objectContaining({ kind: "boleto", barcode: BOLETO_BARCODE, valueCents: 370000 }),
    ]);
    expect(found.accessKeys).toEqual([]);
    expect(found.cnpjs).toEqual([DANFE_CNPJ]);
    expect(found.totalCents).toBe(370000);
  });

  test("a DANFE's grouped access key, the issuer's CNPJ and the note's total", async () => {
    const read = await pdfText(await danfePdf());
    if (!read.ok) throw new Error(read.message);
    const found = findInPdfText(read.pages[0]!, TODAY);
    expect(found.accessKeys.map((key) => key.key)).toEqual([DANFE_KEY]);
    expect(found.accessKeys[0]).toMatchObject({ model: "55", issuer: "12345678000195" });
    expect(found.cnpjs).toEqual([DANFE_CNPJ]);
    expect(found.totalCents).toBe(123456);
    expect(found.paymentCodes).toEqual([]);
  });

  test("a collection slip's line in four blocks", () => {
    const found = findInPdfText(`Conta de luz\nCódigo: ${COLLECTION_LINE}`, TODAY);
    expect(found.paymentCodes).toEqual([expect.objectContaining({ kind: "arrecadacao", segment: "4" })]);
  });

  test("a key printed after a stray number on the same line is still found", () => {
    expect(findInPdfText(`1 ${groupedKey(DANFE_KEY)} 2`, TODAY).accessKeys).toHaveLength(1);
    expect(findInPdfText(`Chave: ${DANFE_KEY}`, TODAY).accessKeys).toHaveLength(1);
  });

  test("a broken check digit finds nothing", () => {
    const wrongDigit = (text: string, at: number) =>
      text.slice(0, at) + ((Number(text[at]) + 1) % 10) + text.slice(at + 1);
    const text = [
      groupedKey(wrongDigit(DANFE_KEY, 43)),
      wrongDigit(BOLETO_LINE, 10),
      wrongDigit(COLLECTION_LINE, 12),
      "CNPJ 12.345.678/0001-96",
    ].join("\n");
    expect(findInPdfText(text, TODAY)).toEqual({ accessKeys: [], paymentCodes: [], cnpjs: [], totalCents: null });
  });

  test("totals: the note's before the products', amounts with and without thousands", () => {
    expect(findInPdfText("VALOR TOTAL DOS PRODUTOS 10,00\nVALOR TOTAL DA NOTA 12,50", TODAY).totalCents).toBe(1250);
    expect(findInPdfText("Valor total: R$ 1234,56", TODAY).totalCents).toBe(123456);
    expect(findInPdfText("Valor do documento\n1.000.000,01", TODAY).totalCents).toBe(100000001);
    expect(findInPdfText("Valor total dos serviços 5,00", TODAY).totalCents).toBeNull();
    expect(findInPdfText("Valor total em breve", TODAY).totalCents).toBeNull();
  });

  test("a page of random digits is searched in bounded time", () => {
    const text = Array.from({ length: 100_000 }, () => Math.floor(Math.random() * 10)).join(" ");
    const run = performance.now();
    findInPdfText(text, TODAY);
    console.log(`200,000 characters of spaced random digits searched in ${(performance.now() - run).toFixed(0)} ms`);
  });
});

describe("hostile PDFs", () => {
  let server: Server;
  let connections = 0;
  let url = "";

  beforeAll(async () => {
    server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("JavaScript in an open action is drawn past, never run", async () => {
    const run = await timed(async () => renderPdfPages(await javascriptPdf(url)));
    log("PDF with JavaScript drawn", run);
    expect(run.value.ok).toBe(true);
    expect((await pdfText(await javascriptPdf(url))).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(connections).toBe(0);
    expect((globalThis as { ranPdfScript?: boolean }).ranPdfScript).toBeUndefined();
  });

  const refusals: { name: string; bytes: () => Buffer | Promise<Buffer>; message: string }[] = [
    { name: "a password-protected PDF", bytes: encryptedPdf, message: "PDF protegido por senha." },
    { name: "damaged bytes after the header", bytes: corruptPdf, message: "PDF corrompido." },
    { name: "a PDF cut after 40 bytes", bytes: truncatedPdf, message: "PDF corrompido." },
    {
      name: "a file that is no PDF",
      bytes: () => Buffer.from("<html>not a pdf</html>"),
      message: "O arquivo não é um PDF.",
    },
    { name: "an empty file", bytes: () => Buffer.alloc(0), message: "O arquivo não é um PDF." },
    { name: "500 pages", bytes: () => manyPagesPdf(500), message: "O PDF passa de 10 páginas." },
    { name: "a 20 MB PDF", bytes: () => paddedPdf(20), message: "O PDF passa de 12 MB." },
  ];

  for (const { name, bytes, message } of refusals) {
    test(`${name} is refused: '${message}'`, async () => {
      const input = await bytes();
      const reads: [string, (bytes: Buffer) => Promise<unknown>][] = [
        ["openPdf", openPdf],
        ["renderPdfPages", renderPdfPages],
        ["pdfText", pdfText],
      ];
      for (const [readName, read] of reads) {
        const run = await timed(() => read(input));
        expect(run.value).toEqual({ ok: false, message });
        log(`${name} (${(input.length / 2 ** 20).toFixed(2)} MB), ${readName}`, run);
      }
    });
  }

  test("a PDF just under the size limit opens and draws, its memory logged", async () => {
    const input = await paddedPdf(PDF_MAX_BYTES / 2 ** 20 - 0.5);
    expect(input.length).toBeLessThan(PDF_MAX_BYTES);
    const run = await timed(() => renderPdfPages(input));
    log(`${(input.length / 2 ** 20).toFixed(1)} MB PDF drawn`, run);
    if (!run.value.ok) throw new Error(run.value.message);
    expect(run.value.pages).toHaveLength(1);
    console.log(`reading process peak: ${run.value.peakMemoryMb.toFixed(0)} MB`);
  });

  test("a 2 MB page that inflates to 2 GB is stopped at the memory limit", async () => {
    const input = await flateBombPdf(2048);
    const run = await timed(() => renderPdfPages(input));
    log(`decompression bomb (${(input.length / 2 ** 20).toFixed(1)} MB)`, run);
    expect(run.value).toEqual({ ok: false, message: "O PDF exige memória demais para ser lido." });
    const lowered = await timed(() => pdfText(input, { memoryMb: 256 }));
    log("decompression bomb, 256 MB allowed", lowered);
    expect(lowered.value).toEqual({ ok: false, message: "O PDF exige memória demais para ser lido." });
  });

  test("a file that takes longer than its time is answered when the time runs out", async () => {
    const run = await timed(async () => renderPdfPages(await manyPagesPdf(10), { timeoutMs: 1 }));
    log("1 ms allowed", run);
    expect(run.value).toEqual({ ok: false, message: "O PDF demorou demais para ser lido." });
  });

  test("the page limit is the caller's to lower", async () => {
    expect(await openPdf(await textPdf([["a"], ["b"], ["c"]], A4), { maxPages: 2 })).toEqual({
      ok: false,
      message: "O PDF passa de 2 páginas.",
    });
  });
});
