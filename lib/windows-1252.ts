// Windows-1252 text: Latin-1 except 0x80-0x9F. Node 20's TextDecoder("windows-1252") decodes those bytes as
// Latin-1's control characters (the euro sign and the dashes are lost), so they are mapped here; the five
// bytes the code page leaves undefined keep their control character, as the WHATWG table does.
const CP1252_HIGH =
  "\u20ac\x81\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\x8d\u017d\x8f" +
  "\x90\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\x9d\u017e\u0178";

/** Bytes read as Windows-1252 (which covers ISO-8859-1's printable characters). */
export function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder("latin1").decode(bytes).replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
}
