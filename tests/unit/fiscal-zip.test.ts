// ZIP archives of fiscal files (server/fiscal/unzip.ts) and the file kind by magic bytes
// (server/fiscal/sniff-kind.ts): folders, names that are only labels, the entry and size limits
// counted while inflating (ZIP bombs stopped early, in bounded memory), damaged archives.
import { sniffKind } from "@/server/fiscal/sniff-kind";
import { UnzipError, unzipXmlEntries, type ZipFileEntry } from "@/server/fiscal/unzip";
import { readFiscalXml } from "@/server/fiscal/read-fiscal-xml";
import { fiscalMessages } from "@/lib/i18n/sections/fiscal";
import { buildCfe, buildCte, buildNfe, deflatedZeros, zipDeflated, zipFiles } from "@/scripts/lib/fiscal-xml";

const m = fiscalMessages.zip;
const MiB = 1024 * 1024;

async function entriesOf(bytes: Buffer, limits?: Parameters<typeof unzipXmlEntries>[1]): Promise<ZipFileEntry[]> {
  const entries: ZipFileEntry[] = [];
  for await (const entry of unzipXmlEntries(bytes, limits)) entries.push(entry);
  return entries;
}

async function refusalOf(bytes: Buffer, limits?: Parameters<typeof unzipXmlEntries>[1]): Promise<UnzipError> {
  try {
    for await (const entry of unzipXmlEntries(bytes, limits)) void entry;
  } catch (error) {
    if (error instanceof UnzipError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("reading a ZIP", () => {
  test("files in folders, in order, folder entries skipped, each XML readable", async () => {
    const nfe = buildNfe();
    const cte = buildCte();
    const cfe = buildCfe({ latin1: true });
    const zip = zipFiles({
      "2024/": new Uint8Array(0),
      "2024/03/": new Uint8Array(0),
      "2024/03/nfe.xml": nfe.bytes,
      "2024/05/cte.xml": cte.bytes,
      "cupom.xml": cfe.bytes,
      "leia-me.txt": "não é XML",
    });
    const entries = await entriesOf(zip);
    expect(entries.map((entry) => entry.name)).toEqual([
      "2024/03/nfe.xml",
      "2024/05/cte.xml",
      "cupom.xml",
      "leia-me.txt",
    ]);
    expect(entries[2].bytes.equals(cfe.bytes)).toBe(true);
    const keys = entries.slice(0, 3).map((entry) => {
      const result = readFiscalXml(entry.bytes);
      return result.ok ? result.document.key.key : result.message;
    });
    expect(keys).toEqual([nfe.key, cte.key, cfe.key]);
    expect(entries[3].bytes.toString()).toBe("não é XML");
  });

  test("'../' and absolute names are labels only: kept as written, nothing written anywhere", async () => {
    const zip = zipFiles({ "../../x.xml": "<a/>", "/etc/cron.d/y.xml": "<b/>", "C:/Windows/z.xml": "<c/>" });
    const entries = await entriesOf(zip);
    expect(entries.map((entry) => [entry.name, entry.bytes.toString()])).toEqual([
      ["../../x.xml", "<a/>"],
      ["/etc/cron.d/y.xml", "<b/>"],
      ["C:/Windows/z.xml", "<c/>"],
    ]);
  });

  test("an empty archive has no entries", async () => {
    expect(await entriesOf(zipFiles({}))).toEqual([]);
  });
});

describe("limits", () => {
  test("2,000 entries are read; 10,000 are refused before any is inflated", async () => {
    const files = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, index) => [`n${index}.xml`, "<a/>"]));
    expect(await entriesOf(zipFiles(files(2000)))).toHaveLength(2000);
    const many = zipFiles(files(10_000));
    const error = await refusalOf(many);
    expect(error.reason).toBe("too_many_entries");
    expect(error.message).toBe(m.tooManyEntries(2000));
    expect(error.message).toBe("O ZIP tem mais de 2.000 arquivos.");
    expect(error.status).toBe(413);
  });

  test("a 1 GB entry (1 MB deflated) declaring its size is refused unread", async () => {
    const zip = zipDeflated([{ name: "bomba.xml", ...deflatedZeros(1024) }]);
    expect(zip.length).toBeLessThan(2 * MiB);
    const error = await refusalOf(zip);
    expect(error.reason).toBe("too_large");
    expect(error.message).toBe(m.tooLarge(200));
  });

  test("a 1 GB entry whose header says 1 MB is stopped at 1 MB, as damaged", async () => {
    const zip = zipDeflated([{ name: "bomba.xml", ...deflatedZeros(1024), declaredSize: MiB }]);
    const error = await refusalOf(zip);
    expect(error.reason).toBe("corrupt");
  });

  test("entries adding up past 200 MB are stopped while inflating, in bounded memory (the time is logged)", async () => {
    const zeros = deflatedZeros(90);
    const zip = zipDeflated(["a.xml", "b.xml", "c.xml", "d.xml", "e.xml"].map((name) => ({ name, ...zeros })));
    expect(zip.length).toBeLessThan(1 * MiB);
    global.gc?.();
    const rss = process.memoryUsage().rss;
    let peak = rss;
    const names: string[] = [];
    const started = performance.now();
    let refusal: unknown = null;
    try {
      for await (const entry of unzipXmlEntries(zip)) {
        names.push(entry.name);
        peak = Math.max(peak, process.memoryUsage().rss);
      }
    } catch (error) {
      refusal = error;
    }
    const elapsed = performance.now() - started;
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(
      `5 x 90 MB entries refused after ${names.length} in ${Math.round(elapsed)} ms, RSS +${Math.round((peak - rss) / MiB)} MB`,
    );
    expect(refusal).toBeInstanceOf(UnzipError);
    expect((refusal as UnzipError).reason).toBe("too_large");
    expect(names).toEqual(["a.xml", "b.xml"]);
    expect(peak - rss).toBeLessThan(600 * MiB);
  });

  test("a smaller budget is honoured by counting", async () => {
    const zip = zipDeflated([{ name: "a.xml", ...deflatedZeros(8) }]);
    const error = await refusalOf(zip, { maxTotalBytes: 4 * MiB });
    expect(error.reason).toBe("too_large");
    expect((await entriesOf(zip, { maxTotalBytes: 8 * MiB }))[0].bytes.length).toBe(8 * MiB);
  });
});

describe("damaged archives", () => {
  const good = () => zipFiles({ "a.xml": buildNfe().bytes, "b.xml": buildCte().bytes });

  test.each([
    ["truncated", () => good().subarray(0, 200)],
    ["only a local header's signature", () => Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])],
    ["random bytes", () => Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256))],
    ["empty", () => Buffer.alloc(0)],
  ])("%s: ZIP corrompido", async (_name, make) => {
    const error = await refusalOf(make());
    expect(error.reason).toBe("corrupt");
    expect(error.message).toBe("ZIP corrompido.");
    expect(error.status).toBe(400);
  });

  test("damaged deflate data, or a CRC-32 that does not match, is corrupt", async () => {
    const zeros = deflatedZeros(1);
    const damaged = Buffer.from(zeros.deflated);
    damaged.fill(0xff, 10, 40);
    expect((await refusalOf(zipDeflated([{ name: "a.xml", ...zeros, deflated: damaged }]))).reason).toBe("corrupt");
    expect((await refusalOf(zipDeflated([{ name: "a.xml", ...zeros, crc: zeros.crc ^ 1 }]))).reason).toBe("corrupt");
  });

  test("an encrypted entry is refused", async () => {
    const zip = zipDeflated([{ name: "a.xml", ...deflatedZeros(1), encrypted: true }]);
    const error = await refusalOf(zip);
    expect(error.reason).toBe("encrypted");
    expect(error.message).toBe(m.encrypted);
  });
});

describe("sniffKind", () => {
  test.each([
    ["a ZIP", () => zipFiles({ "a.xml": "<a/>" }), "zip"],
    ["an empty ZIP", () => zipFiles({}), "zip"],
    ["a PDF", () => Buffer.from("%PDF-1.7\n%âãÏÓ"), "pdf"],
    ["an XML", () => buildNfe().bytes, "xml"],
    [
      "an XML after a BOM and blank lines",
      () => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("\r\n\t <NFe/>")]),
      "xml",
    ],
    ["a JPEG", () => Buffer.from([0xff, 0xd8, 0xff, 0xe0]), "unknown"],
    ["text", () => Buffer.from("nota fiscal"), "unknown"],
    ["nothing", () => Buffer.alloc(0), "unknown"],
    ["almost a PDF", () => Buffer.from("%PDF"), "unknown"],
  ])("%s", (_name, make, kind) => {
    expect(sniffKind(make())).toBe(kind);
  });
});
