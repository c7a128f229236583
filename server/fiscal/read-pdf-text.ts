import "server-only";
import { parseAccessKey, type AccessKey } from "@/lib/fiscal/access-key";
import { parsePaymentCode, type PaymentCode } from "@/lib/fiscal/payment-codes";
import { isValidCnpj } from "@/lib/validation";

// What a PDF page's text layer says that a machine can check: access keys (44 digits, printed by DANFEs
// in 11 groups of 4), boleto typed lines (47 digits with dots and spaces), collection slips (48 digits in
// 4 groups of 11 + 1), formatted CNPJs and the document's total. A candidate is kept only when its check
// digits hold (lib/fiscal's parsers, lib/validation's CNPJ), so a page number, a phone or an account
// number that happens to have 44 digits is not taken for a key. Pure: the text and today in, data out.

export type PdfTextFindings = {
  accessKeys: AccessKey[];
  paymentCodes: PaymentCode[];
  cnpjs: string[];
  /** The first amount printed right after a total's label, in cents; null when none is. */
  totalCents: number | null;
};

// A page's text beyond this is not searched, and at most this many digit strings are checked: a DANFE
// page holds a few thousand characters and a handful of long numbers; a page of spaced digits would
// otherwise give three candidates per digit.
const MAX_TEXT = 100_000;
const MAX_CANDIDATES = 2_000;
// Digit groups on one line, separated by up to three spaces, dots or hyphens (as printed or as pdf.js
// spaced the text runs).
const DIGIT_RUN = /\d+(?:[ .-]{1,3}\d+)*/g;
const CODE_LENGTHS = new Set([44, 47, 48]);
const CNPJ = /(?<!\d)\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}(?!\d)/g;
// Most telling label first: a DANFE prints 'VALOR TOTAL DOS PRODUTOS' and 'VALOR TOTAL DA NOTA'.
const TOTAL_LABELS = [/valor\s+total\s+da\s+nota/gi, /valor\s+do\s+documento/gi, /valor\s+total(?!\s+d[aeo]s?\s)/gi];
const AMOUNT_AFTER_LABEL = /^[\s:=()R$]{0,12}(\d{1,3}(?:\.\d{3}){0,4}|\d{1,13}),(\d{2})(?!\d)/;

// Every run of consecutive groups whose digits add up to a code's length, so a key printed after a
// stray number on the same line is still found. At most 48 digits are joined from each start.
function codeCandidates(text: string): Set<string> {
  const candidates = new Set<string>();
  for (const [run] of text.matchAll(DIGIT_RUN)) {
    const groups = run.split(/[ .-]+/);
    for (let start = 0; start < groups.length; start += 1) {
      let digits = "";
      for (let end = start; end < groups.length && digits.length < 48; end += 1) {
        digits += groups[end];
        if (!CODE_LENGTHS.has(digits.length)) continue;
        candidates.add(digits);
        if (candidates.size === MAX_CANDIDATES) return candidates;
      }
    }
  }
  return candidates;
}

function totalOf(text: string): number | null {
  for (const label of TOTAL_LABELS) {
    for (const match of text.matchAll(label)) {
      const amount = AMOUNT_AFTER_LABEL.exec(
        text.slice(match.index + match[0].length, match.index + match[0].length + 40),
      );
      if (amount) return Number(amount[1]!.replace(/\./g, "")) * 100 + Number(amount[2]);
    }
  }
  return null;
}

export function findInPdfText(pageText: string, today: string): PdfTextFindings {
  const text = pageText.slice(0, MAX_TEXT);
  const accessKeys = new Map<string, AccessKey>();
  const paymentCodes = new Map<string, PaymentCode>();
  for (const digits of codeCandidates(text)) {
    const key = digits.length === 44 ? parseAccessKey(digits) : null;
    if (key) {
      accessKeys.set(key.key, key);
      continue;
    }
    const code = parsePaymentCode(digits, today);
    if (code) paymentCodes.set(code.barcode, code);
  }
  const cnpjs = [...new Set((text.match(CNPJ) ?? []).filter(isValidCnpj))];
  return {
    accessKeys: [...accessKeys.values()],
    paymentCodes: [...paymentCodes.values()],
    cnpjs,
    totalCents: totalOf(text),
  };
}
