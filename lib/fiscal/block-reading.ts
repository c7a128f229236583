import type { FiscalModel } from "./access-key";
import type { PaymentCode } from "./payment-codes";

// What a block's documents say, merged into the one reading its answers carry (`reading`). Each
// document gives findings, every one already checked by its check digits; the rule that merges them:
// - a payment code (boleto, collection slip) gives the payment: its due date and its value;
// - a fiscal document (access key) gives the supplier, and its date and total only when no payment
//   code gave them;
// - among several of one kind, an XML beats a code read from a PDF's text, which beats one read from a
//   photo's barcode or QR code, and within one source the first document of the block wins;
// - a receipt's text read by OCR (a document without any code) gives the reading only when no document
//   of the block gave a code: a code's check digits make it certain, OCR is a guess to be confirmed
//   (its confidence, 0–1, goes with it; docs/decisions/0296-ocr-reading.md).

export type ReadingSource = "xml" | "qrcode" | "barcode" | "pdf-text" | "ocr";

/** One thing read off one document. Dates YYYY-MM-DD, money in cents. */
export type Finding =
  | {
      kind: "fiscal";
      source: ReadingSource;
      key: string;
      model: FiscalModel;
      /** The issuer's CNPJ (or CPF) digits. */
      cnpj: string | null;
      supplierName: string | null;
      date: string | null;
      valueCents: number | null;
    }
  | { kind: "payment"; source: ReadingSource; code: PaymentCode }
  | {
      kind: "ocr";
      source: "ocr";
      cnpj: string | null;
      supplierName: string | null;
      date: string | null;
      valueCents: number | null;
      /** 0–1: the lowest recognition confidence of the lines the fields came from. */
      confidence: number;
    };

type CodeFinding = Exclude<Finding, { kind: "ocr" }>;

export type BlockReading = {
  source: ReadingSource;
  key: string | null;
  model: FiscalModel | "boleto" | "arrecadacao" | null;
  cnpj: string | null;
  supplierName: string | null;
  date: string | null;
  /** Decimal text with a dot, as the block's own value ("1234.56"). */
  value: string | null;
  /** How sure an OCR reading is, 0–1; null for a reading of codes. */
  confidence: number | null;
};

const RANK: Record<ReadingSource, number> = { xml: 0, "pdf-text": 1, barcode: 2, qrcode: 2, ocr: 3 };

/** The best finding of `findings` (stable: the earlier one wins a tie). */
function best<F extends CodeFinding>(findings: readonly F[]): F | undefined {
  return findings.reduce<F | undefined>(
    (chosen, finding) => (chosen === undefined || RANK[finding.source] < RANK[chosen.source] ? finding : chosen),
    undefined,
  );
}

const cents = (value: number | null): string | null =>
  value === null ? null : `${Math.trunc(value / 100)}.${String(value % 100).padStart(2, "0")}`;

/** The block's reading from its documents' findings, in document order; null when nothing was read. */
export function mergeFindings(findings: readonly Finding[]): BlockReading | null {
  const fiscal = best(findings.filter((f): f is Extract<Finding, { kind: "fiscal" }> => f.kind === "fiscal"));
  const payment = best(findings.filter((f): f is Extract<Finding, { kind: "payment" }> => f.kind === "payment"));
  if (!fiscal && !payment) {
    const ocr = findings.find((f): f is Extract<Finding, { kind: "ocr" }> => f.kind === "ocr");
    return ocr
      ? {
          source: "ocr",
          key: null,
          model: null,
          cnpj: ocr.cnpj,
          supplierName: ocr.supplierName,
          date: ocr.date,
          value: cents(ocr.valueCents),
          confidence: ocr.confidence,
        }
      : null;
  }
  const supplier = {
    cnpj: fiscal?.cnpj ?? null,
    supplierName: fiscal?.supplierName ?? null,
  };
  if (payment) {
    const { code } = payment;
    return {
      source: payment.source,
      key: fiscal?.key ?? code.barcode,
      model: fiscal?.model ?? code.kind,
      ...supplier,
      date: code.kind === "boleto" ? code.dueDate : null,
      value: cents(code.valueCents),
      confidence: null,
    };
  }
  return {
    source: fiscal!.source,
    key: fiscal!.key,
    model: fiscal!.model,
    ...supplier,
    date: fiscal!.date,
    value: cents(fiscal!.valueCents),
    confidence: null,
  };
}

/**
 * The codes another block may share with this one (its access keys and payment barcodes), for the
 * duplicate check: a key or a boleto line equal to one of another live block of the client.
 */
export function duplicateKeys(findings: readonly Finding[]): string[] {
  const keys = findings.flatMap((f) => (f.kind === "fiscal" ? [f.key] : f.kind === "payment" ? [f.code.barcode] : []));
  return [...new Set(keys)];
}
