import { isValidCnpj } from "@/lib/validation";

// What a receipt's recognised text says (docs/decisions/0296-ocr-reading.md): its total, its date, the
// issuer's CNPJ and name. Pure: the OCR itself (server/fiscal/ocr.ts) hands over the lines with each
// one's confidence, and everything here is a rule on text. A field is given only when the text holds
// it plainly: a CNPJ whose check digits fail, a date that is no calendar day or lies in the future, a
// total without a label are left out rather than guessed.

/** One recognised line and its confidence, 0–1. */
export type OcrLine = { text: string; confidence: number };

export type OcrFields = {
  valueCents: number | null;
  /** YYYY-MM-DD */
  date: string | null;
  cnpj: string | null;
  supplierName: string | null;
  /** The lowest confidence among the lines the fields came from (0–1); 0 when none was found. */
  confidence: number;
};

/** A recognised line where it lies on the page: its box and its baseline (pixels). */
export type PlacedLine = OcrLine & {
  bbox: { x0: number; y0: number; x1: number; y1: number };
  baseline: { x0: number; y0: number; x1: number; y1: number };
};

/**
 * The page's rows, top to bottom: the pieces OCR found on one printed row (a label at the left, its
 * amount far to the right, read as lines of their own) joined left to right with two spaces. Two pieces
 * are one row when the baseline of the left one, carried on to where the right one starts (the photo's
 * tilt included), passes within half a line's height of the right one's baseline. A joined row's
 * confidence is its pieces' lowest.
 */
export function joinRows(lines: readonly PlacedLine[]): OcrLine[] {
  const byLeft = [...lines].filter((line) => line.text.trim()).sort((a, b) => a.bbox.x0 - b.bbox.x0);
  const rows: { pieces: PlacedLine[]; last: PlacedLine }[] = [];
  for (const line of byLeft) {
    const height = line.bbox.y1 - line.bbox.y0;
    const row = rows.find(({ last }) => {
      if (line.bbox.x0 < last.bbox.x1 - height * 0.5) return false; // overlapping: another row
      const { x0, y0, x1, y1 } = last.baseline;
      const slope = x1 === x0 ? 0 : (y1 - y0) / (x1 - x0);
      const carried = y0 + slope * (line.baseline.x0 - x0);
      return Math.abs(carried - line.baseline.y0) < Math.max(4, height * 0.5);
    });
    if (row) {
      row.pieces.push(line);
      row.last = line;
    } else rows.push({ pieces: [line], last: line });
  }
  return rows
    .map(({ pieces }) => ({
      top: Math.min(...pieces.map((p) => p.bbox.y0)),
      text: pieces.map((p) => p.text.trim()).join("  "),
      confidence: Math.min(...pieces.map((p) => p.confidence)),
    }))
    .sort((a, b) => a.top - b.top)
    .map(({ text, confidence }) => ({ text, confidence }));
}

/** A line whose recognition is below this is never the source of a CNPJ: a misread digit can pass the DVs. */
const CNPJ_MIN_CONFIDENCE = 0.2;

// Letters OCR takes for digits inside a number.
const DIGIT_LOOKALIKES: Record<string, string> = {
  O: "0",
  o: "0",
  D: "0",
  Q: "0",
  I: "1",
  l: "1",
  "|": "1",
  S: "5",
  B: "8",
  Z: "2",
};

/** A number's characters with look-alike letters read as the digits they stand for. */
function digitsOf(text: string): string {
  return text.replace(/[OoDQIl|SBZ]/g, (c) => DIGIT_LOOKALIKES[c] ?? c);
}

/** Upper case without accents: what the labels are compared on. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();
}

// A pt-BR amount as printed: "1.234,56", "1234,56", "1 234,56", "R$12,00", with the comma sometimes read
// as a dot ("12.00" only when it is the last separator with two digits after it).
// The thousands' dot may come out as ':' or an apostrophe, the decimal comma as '/'.
const MONEY = /(?<![\d.,])(\d{1,3}(?:[.\s:']\d{3})+|\d+)\s?[,./]\s?(\d{2})(?![\d])/g;

/** Every amount of a line in cents, in order. */
export function moneyInLine(text: string): number[] {
  const found: number[] = [];
  for (const match of digitsOf(text.replace(/R\s?\$/gi, " ")).matchAll(MONEY)) {
    const whole = match[1].replace(/[.\s:']/g, "");
    const cents = Number(whole) * 100 + Number(match[2]);
    if (Number.isSafeInteger(cents)) found.push(cents);
  }
  return found;
}

/** The money of `text` in cents when the whole of it is one amount ("R$ 1.234,56"); else null. */
export function parseMoney(text: string): number | null {
  const amounts = moneyInLine(text);
  return amounts.length === 1 ? amounts[0] : null;
}

// The labels of the amount paid, strongest first; a line of a subtotal, a count of items, a tax or a
// change is never the total.
const TOTAL_LABELS = [/VALOR\s+A\s+PAGAR/, /VALOR\s+TOTAL/, /TOTAL\s+A\s+PAGAR/, /\bTOTAL\b/];
const NOT_TOTAL = /SUB\s?-?TOTAL|ITENS|ITEM|QTD|QUANT|TRIBUTOS|IMPOSTOS|TROCO|DESCONTO|ACRESCIMO|LEI\s+\d/;

/** The amount paid: the amount on (or right after) the line of the strongest total label. */
export function findTotal(lines: readonly OcrLine[]): { cents: number; line: OcrLine } | null {
  for (const label of TOTAL_LABELS) {
    for (let i = 0; i < lines.length; i++) {
      const folded = fold(lines[i].text);
      if (!label.test(folded) || NOT_TOTAL.test(folded)) continue;
      const after = folded.slice(folded.search(label));
      const own = moneyInLine(after);
      if (own.length > 0) return { cents: own.at(-1)!, line: lines[i] };
      const next = lines[i + 1];
      const below = next ? moneyInLine(next.text) : [];
      if (below.length === 1) return { cents: below[0], line: next };
    }
  }
  return null;
}

const DATE = /(?<!\d)([0-3]?\d)\s?[/.-]\s?([01]?\d)\s?[/.-]\s?(\d{4}|\d{2})(?!\d)/g;

/**
 * A printed day as YYYY-MM-DD: "14/03/2026", "14.03.26", "4-3-2026". A two-digit year is this century's
 * (never 19xx). Null for what is no calendar day, before 2000, or after `today` (YYYY-MM-DD).
 */
export function parseDate(day: string, month: string, year: string, today: string): string | null {
  const y = year.length === 2 ? 2000 + Number(year) : Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y < 2000 || m < 1 || m > 12 || d < 1) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > last) return null;
  const iso = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  return iso > today ? null : iso;
}

const DATE_LABEL = /DATA|EMISSAO|EMITIDO|DT\b/;

/** The document's day: the first date on a line labelled as such, else the first date of the text. */
export function findDate(lines: readonly OcrLine[], today: string): { iso: string; line: OcrLine } | null {
  let first: { iso: string; line: OcrLine } | null = null;
  for (const line of lines) {
    for (const match of digitsOf(line.text).matchAll(DATE)) {
      const iso = parseDate(match[1], match[2], match[3], today);
      if (!iso) continue;
      if (DATE_LABEL.test(fold(line.text))) return { iso, line };
      first ??= { iso, line };
    }
  }
  return first;
}

// 14 digits as a CNPJ is printed ("12.345.678/0001-95"), spaces OCR put in between allowed.
const CNPJ = /(?<!\d)(\d{2}\s?\.?\s?\d{3}\s?\.?\s?\d{3}\s?\/?\s?\d{4}\s?-?\s?\d{2})(?!\d)/g;

/** The issuer's CNPJ: the first on a line read with confidence whose check digits hold. */
export function findCnpj(lines: readonly OcrLine[]): { cnpj: string; line: OcrLine; index: number } | null {
  for (const [index, line] of lines.entries()) {
    if (line.confidence < CNPJ_MIN_CONFIDENCE) continue;
    for (const match of digitsOf(line.text).matchAll(CNPJ)) {
      const cnpj = match[1].replace(/\D/g, "");
      if (cnpj.length === 14 && isValidCnpj(cnpj)) return { cnpj, line, index };
    }
  }
  return null;
}

// A header line that names the document, not who issued it.
const NOT_A_NAME = new RegExp(
  "CUPOM|NOTA|RECIBO|DOCUMENTO|EXTRATO|COMPROVANTE|CNPJ|CPF|\\bIE\\b|INSCRICAO|ENDERECO|\\bRUA\\b|\\bAV\\b|" +
    "AVENIDA|FONE|TEL|DATA|CAIXA|SAT\\b|NFC|DANFE",
);

/**
 * The issuer's name: among the lines above the CNPJ (or the first five), the first that is mostly letters
 * and names no document; trimmed of what OCR adds at the edges.
 */
export function findSupplierName(lines: readonly OcrLine[], cnpjIndex: number | null): OcrLine | null {
  const head = lines.slice(0, cnpjIndex ?? 5);
  for (const line of head) {
    const text = line.text.trim();
    const letters = (text.match(/\p{L}/gu) ?? []).length;
    if (letters < 4 || letters / text.replace(/\s/g, "").length < 0.7) continue;
    if (NOT_A_NAME.test(fold(text))) continue;
    return { text: cleanName(text), confidence: line.confidence };
  }
  return null;
}

const cleanName = (text: string): string =>
  text
    .replace(/^[^\p{L}\d]+|[^\p{L}\d.)]+$/gu, "")
    .replace(/\s{2,}/g, " ")
    .slice(0, 120);

/** Every field of a receipt's lines (`today`: YYYY-MM-DD, the latest date accepted). */
export function ocrFields(lines: readonly OcrLine[], today: string): OcrFields {
  const clean = lines.map((line) => ({ text: line.text.trim(), confidence: line.confidence })).filter((l) => l.text);
  const total = findTotal(clean);
  const date = findDate(clean, today);
  const cnpj = findCnpj(clean);
  const name = findSupplierName(clean, cnpj?.index ?? null);
  const used = [total?.line, date?.line, cnpj?.line, name].filter((line): line is OcrLine => line != null);
  const confidence = used.length === 0 ? 0 : Math.min(...used.map((line) => line.confidence));
  return {
    valueCents: total?.cents ?? null,
    date: date?.iso ?? null,
    cnpj: cnpj?.cnpj ?? null,
    supplierName: name?.text ?? null,
    confidence: Math.round(confidence * 100) / 100,
  };
}
