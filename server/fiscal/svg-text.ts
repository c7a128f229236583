import "server-only";

// Text for the SVG of a fiscal page. The XML's text is the issuer's, so anything may be in it: markup,
// control characters XML 1.0 forbids (librsvg refuses the whole picture over one of them), broken
// surrogates, line breaks. Widths are estimated from DejaVu Sans's advance widths, generously, since
// librsvg cannot be asked for them cheaply: a cell's text is cut with '…' before it could overflow.

export const SANS = "DejaVu Sans, Liberation Sans, Arial, sans-serif";
export const CONDENSED = "DejaVu Sans Condensed, Liberation Sans Narrow, DejaVu Sans, sans-serif";
export const MONO = "DejaVu Sans Mono, Liberation Mono, monospace";

export type FontFace = "sans" | "condensed" | "mono";
const FAMILY: Record<FontFace, string> = { sans: SANS, condensed: CONDENSED, mono: MONO };

// Characters XML 1.0 does not allow, and surrogates without their pair.
const FORBIDDEN = new RegExp(
  "[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F\\uFFFE\\uFFFF]" +
    "|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]",
  "g",
);

/** One line of text: forbidden characters dropped, runs of white space made one space. */
export function cleanText(text: string): string {
  return text.replace(FORBIDDEN, " ").replace(/\s+/g, " ").trim();
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

// Advance widths in em of DejaVu Sans (Book), letters A–Z and a–z; Bold is about 12% wider and
// Condensed 10% narrower. Accented letters count as their base letter.
const UPPER = [
  684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989,
  685, 611, 685,
];
const LOWER = [
  613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818,
  592, 592, 525,
];

function charWidth(char: string): number {
  const base = char.normalize("NFD")[0] ?? char;
  const code = base.charCodeAt(0);
  if (code >= 65 && code <= 90) return UPPER[code - 65] / 1000;
  if (code >= 97 && code <= 122) return LOWER[code - 97] / 1000;
  if (code >= 48 && code <= 57) return 0.636;
  if (base === " ") return 0.318;
  if (".,:;!|'`".includes(base)) return 0.34;
  if ('()[]{}-/\\"*'.includes(base)) return 0.42;
  return 0.84;
}

// A little over the font's own widths, so that a fitted text never touches its cell's edge.
const FACE_FACTOR: Record<FontFace, number> = { sans: 1.03, condensed: 0.93, mono: 1 };

/** The estimated width in pixels of `text` at `size` pixels. */
export function textWidth(text: string, size: number, face: FontFace = "sans", bold = false): number {
  const chars = Array.from(text);
  if (face === "mono") return chars.length * 0.61 * size;
  const em = chars.reduce((sum, c) => sum + charWidth(c), 0);
  return em * size * FACE_FACTOR[face] * (bold ? 1.12 : 1);
}

/** `text` as it fits in `width` pixels: whole, or cut at a character and ended with '…'. */
export function fitText(text: string, width: number, size: number, face: FontFace = "sans", bold = false): string {
  if (textWidth(text, size, face, bold) <= width) return text;
  const chars = Array.from(text);
  let keep = chars.length;
  while (keep > 0 && textWidth(`${chars.slice(0, keep).join("").trimEnd()}…`, size, face, bold) > width) keep--;
  return `${chars.slice(0, keep).join("").trimEnd()}…`;
}

export type TextOptions = {
  size: number;
  face?: FontFace;
  bold?: boolean;
  anchor?: "start" | "middle" | "end";
  fill?: string;
  /** The width the text must fit in; cut with '…' beyond it. */
  width?: number;
};

/** A `<text>` element of one line, cleaned, fitted and escaped. */
export function svgText(x: number, y: number, text: string, options: TextOptions): string {
  const { size, face = "sans", bold = false, anchor = "start", fill = "#111" } = options;
  const line = cleanText(text);
  const shown = options.width === undefined ? line : fitText(line, options.width, size, face, bold);
  return (
    `<text x="${x}" y="${y}" font-family="${FAMILY[face]}" font-size="${size}"` +
    `${bold ? ' font-weight="bold"' : ""}${anchor === "start" ? "" : ` text-anchor="${anchor}"`}` +
    ` fill="${fill}" xml:space="preserve">${escapeXml(shown)}</text>`
  );
}

/**
 * `text` in at most `maxLines` lines of `width` pixels, broken between words (a word wider than a line
 * is cut); the last line ends with '…' when text is left over.
 */
export function wrapText(text: string, width: number, size: number, face: FontFace, maxLines: number): string[] {
  const words = cleanText(text).split(" ");
  const lines: string[] = [];
  let line = "";
  for (let i = 0; i < words.length; i++) {
    const next = line ? `${line} ${words[i]}` : words[i];
    if (textWidth(next, size, face) <= width || !line) {
      line = next;
      continue;
    }
    if (lines.length === maxLines - 1)
      return [...lines, fitText(`${line} ${words.slice(i).join(" ")}`, width, size, face)];
    lines.push(fitText(line, width, size, face));
    line = words[i];
  }
  return [...lines, fitText(line, width, size, face)];
}
