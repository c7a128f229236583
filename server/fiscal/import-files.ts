import "server-only";
import { createHash } from "node:crypto";
import { DOCUMENT_NAME_MAX } from "@/lib/constants";
import type { FiscalDocument } from "@/lib/fiscal/fiscal-document";
import { fiscalMessages } from "@/lib/i18n/sections/fiscal";
import { readFiscalXml } from "./read-fiscal-xml";
import { sniffKind } from "./sniff-kind";
import { unzipXmlEntries, type UnzipLimits } from "./unzip";

// The files of POST /api/block/import to what each XML says: one entry per XML file or ZIP entry, in
// order, read once. Nothing is written anywhere. A ZIP past its limits throws UnzipError (the whole
// request is refused: docs/decisions/0272-fiscal-xml-import.md); every other problem is that entry's.

const m = fiscalMessages;

export type ImportFile = { name: string; base64url: string };

export type ReadEntry =
  | { name: string; ok: true; document: FiscalDocument; bytes: Buffer; hash: string }
  | { name: string; ok: false; message: string };

// Any declared type: the bytes decide (sniffKind). Parameters such as ';charset=...' are allowed.
const DATA_URL_HEADER = /^data:[a-z0-9.+-]{0,64}\/?[a-z0-9.+-]{0,64}(?:;[a-z0-9.+=-]{1,64})*;base64,/i;

/**
 * A data URL's bytes, or null when it is not one. Node skips characters outside the base64 alphabet
 * while decoding, so such a character makes the decoded length fall short of what the length promises.
 */
export function decodeBase64DataUrl(dataUrl: string): Buffer | null {
  const header = DATA_URL_HEADER.exec(dataUrl.slice(0, 256));
  if (!header) return null;
  const payload = dataUrl.slice(header[0].length);
  if (payload.length === 0 || payload.length % 4 === 1) return null;
  const bytes = Buffer.from(payload, "base64");
  return bytes.length === Buffer.byteLength(payload, "base64") ? bytes : null;
}

/** A name as a label: control characters (NUL included, which PostgreSQL's text refuses) dropped, cut to fit. */
export function labelOf(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (clean === "" ? "arquivo" : clean).slice(0, DOCUMENT_NAME_MAX);
}

function readXml(name: string, bytes: Buffer): ReadEntry {
  let result: ReturnType<typeof readFiscalXml>;
  try {
    result = readFiscalXml(bytes);
  } catch {
    // The reader answers what it refuses; anything it throws is still the file's fault, never a 500.
    return { name, ok: false, message: m.import.unreadable };
  }
  if (!result.ok) return { name, ok: false, message: result.message };
  return { name, ok: true, document: result.document, bytes, hash: createHash("sha256").update(bytes).digest("hex") };
}

export async function readImportFiles(
  files: readonly ImportFile[],
  limits?: Partial<UnzipLimits>,
): Promise<ReadEntry[]> {
  const entries: ReadEntry[] = [];
  for (const file of files) {
    const name = labelOf(file.name);
    const bytes = decodeBase64DataUrl(file.base64url);
    if (!bytes) {
      entries.push({ name, ok: false, message: m.import.notDataUrl });
      continue;
    }
    const kind = sniffKind(bytes);
    if (kind === "xml") entries.push(readXml(name, bytes));
    else if (kind !== "zip") entries.push({ name, ok: false, message: m.import.notXmlOrZip });
    else {
      for await (const entry of unzipXmlEntries(bytes, limits)) {
        const entryName = labelOf(`${name}/${entry.name}`);
        if (sniffKind(entry.bytes) === "xml") entries.push(readXml(entryName, entry.bytes));
        else entries.push({ name: entryName, ok: false, message: m.xml.notFiscal });
      }
    }
  }
  return entries;
}
