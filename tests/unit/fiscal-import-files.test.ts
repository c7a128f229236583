// The files of POST /api/block/import read to entries: data URLs decoded strictly whatever type they
// declare, names kept as labels, ZIP entries named zip/entry in order, each XML read once.
import { decodeBase64DataUrl, labelOf, readImportFiles } from "@/server/fiscal/import-files";
import { UnzipError } from "@/server/fiscal/unzip";
import { fiscalMessages } from "@/lib/i18n/sections/fiscal";
import { buildCte, buildNfe, zipFiles } from "../../scripts/lib/fiscal-xml";

const dataUrl = (bytes: Buffer | string, mime = "application/xml") =>
  `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`;

describe("decodeBase64DataUrl", () => {
  test.each([
    ["application/xml", "data:application/xml;base64,PE5GZS8+"],
    ["a lying type", "data:image/jpeg;base64,PE5GZS8+"],
    ["a charset parameter", "data:text/xml;charset=utf-8;base64,PE5GZS8+"],
    ["no type at all", "data:;base64,PE5GZS8+"],
  ])("decodes with %s", (_, url) => {
    expect(decodeBase64DataUrl(url)?.toString()).toBe("<NFe/>");
  });

  test.each([
    ["not a data URL", "<NFe/>"],
    ["not base64", "data:application/xml;base64,@@@@"],
    ["an empty payload", "data:application/xml;base64,"],
    ["a truncated payload", "data:application/xml;base64,PE5GZ"],
    ["no base64 marker", "data:application/xml,<NFe/>"],
  ])("refuses %s", (_, url) => {
    expect(decodeBase64DataUrl(url)).toBeNull();
  });
});

describe("labelOf", () => {
  test("drops control characters, keeps paths as text, cuts to 255", () => {
    expect(labelOf("a\u0000b\u001f.xml")).toBe("ab.xml");
    expect(labelOf("../../etc/passwd")).toBe("../../etc/passwd");
    expect(labelOf("\u0000")).toBe("arquivo");
    expect(labelOf("x".repeat(300))).toHaveLength(255);
  });
});

describe("readImportFiles", () => {
  test("XMLs and ZIP entries in order, each read once with its hash; other kinds invalid", async () => {
    const [a, b, c] = [buildNfe(), buildCte(), buildNfe({ layout: "3.10" })];
    const entries = await readImportFiles([
      { name: "a.xml", base64url: dataUrl(a.bytes) },
      { name: "z.zip", base64url: dataUrl(zipFiles({ "pasta/b.xml": b.bytes, "c.xml": c.bytes, "d.txt": "oi" })) },
      { name: "e.pdf", base64url: dataUrl("%PDF-1.4") },
    ]);
    expect(entries.map((entry) => [entry.name, entry.ok ? entry.document.key.key : entry.message])).toEqual([
      ["a.xml", a.key],
      ["z.zip/pasta/b.xml", b.key],
      ["z.zip/c.xml", c.key],
      ["z.zip/d.txt", fiscalMessages.xml.notFiscal],
      ["e.pdf", fiscalMessages.import.notXmlOrZip],
    ]);
    expect(entries[0]!.ok && entries[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test("a ZIP past its limits refuses the whole call", async () => {
    const zip = zipFiles({ "1.xml": "<a/>", "2.xml": "<a/>", "3.xml": "<a/>" });
    await expect(readImportFiles([{ name: "z.zip", base64url: dataUrl(zip) }], { maxEntries: 2 })).rejects.toThrow(
      UnzipError,
    );
  });
});
