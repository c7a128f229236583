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

const HIGH_BYTE = new Map<string, number>([...CP1252_HIGH].map((c, i) => [c, 0x80 + i]));
// Characters outside the code page that have a usual ASCII stand-in (after accents are dropped).
const NEAREST: Record<string, string> = {
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u201b": "'",
  "\u2032": "'",
  "\u201f": '"',
  "\u2033": '"',
  "\u00a0": " ",
  "\u2002": " ",
  "\u2003": " ",
  "\u2009": " ",
  "\u202f": " ",
  "\u2024": ".",
  "\u2027": ".",
  "\u2116": "No",
  "\u0141": "L",
  "\u0142": "l",
  "\u0110": "D",
  "\u0111": "d",
  "\u0131": "i",
};

/**
 * Text as Windows-1252 bytes. What the code page holds is written as it is (á, ç, €, –, “); anything else
 * becomes its nearest: the letter without its accent (ő → o, ș → s), a listed stand-in (‐ → -, № → No),
 * else '?'. One character, one byte at most (a stand-in may be two: No).
 */
export function encodeWindows1252(text: string): Uint8Array {
  const out: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) out.push(code);
    else if (HIGH_BYTE.has(char) && !/[\x80-\x9f]/.test(char)) out.push(HIGH_BYTE.get(char)!);
    else {
      const near = NEAREST[char] ?? char.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      if (near !== char && near !== "" && [...near].every((c) => c.charCodeAt(0) < 0x80)) {
        for (const c of near) out.push(c.charCodeAt(0));
      } else out.push(0x3f);
    }
  }
  return Uint8Array.from(out);
}
