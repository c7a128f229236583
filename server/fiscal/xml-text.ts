import "server-only";
import { fiscalMessages } from "@/lib/i18n/sections/fiscal";
import { decodeWindows1252 } from "@/lib/windows-1252";

// A fiscal XML's bytes to text. The size is checked before anything is decoded; the encoding is the XML
// declaration's (UTF-8 when it names none), a UTF-8 byte-order mark is dropped.

const m = fiscalMessages.xml;

/** 5 MB: the largest NF-e (990 items) is well under 1 MB; anything bigger is refused unread. */
export const MAX_XML_BYTES = 5 * 1024 * 1024;

const LATIN_NAMES = new Set(["iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "windows-1252", "cp1252"]);
const UTF8_NAMES = new Set(["utf-8", "utf8"]);
// The declaration's encoding name, read from the first bytes as Latin-1 (the declaration is ASCII).
const DECLARED_ENCODING = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._-]{0,39})\1/;

export type XmlText = { ok: true; text: string } | { ok: false; message: string };

export function decodeXmlBytes(bytes: Uint8Array): XmlText {
  if (bytes.length > MAX_XML_BYTES) return { ok: false, message: m.tooLarge };
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  const head = decodeWindows1252(body.subarray(0, 256));
  const name = DECLARED_ENCODING.exec(head)?.[2].toLowerCase() ?? "utf-8";
  if (LATIN_NAMES.has(name) || name === "us-ascii" || name === "ascii")
    return { ok: true, text: decodeWindows1252(body) };
  if (!UTF8_NAMES.has(name)) return { ok: false, message: m.encoding(name) };
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body) };
  } catch {
    // Saved as "ANSI" by a Windows program while the declaration still says UTF-8: read the accents anyway.
    return { ok: true, text: decodeWindows1252(body) };
  }
}
