import type { FiscalMark } from "@/lib/contract/fiscal";
import type { AccessKey } from "./access-key";
import type { Finding, ReadingSource } from "./block-reading";
import type { FiscalDocument } from "./fiscal-document";
import type { FiscalQr } from "./fiscal-qr";
import type { PaymentCode } from "./payment-codes";

// What each reader's result becomes as findings (lib/fiscal/block-reading.ts): the one translation
// from an XML, a code read off a photo or a PDF's text to what a block's reading merges.

/**
 * The code another block may share with this finding: the access key, or the payment's barcode; null
 * for a text read by OCR, which carries none.
 */
export const findingCode = (finding: Finding): string | null =>
  finding.kind === "fiscal" ? finding.key : finding.kind === "payment" ? finding.code.barcode : null;

/** A fiscal XML: its key with the issuer, the emission date and the total. */
export function fiscalDocumentFinding(doc: FiscalDocument): Finding {
  return {
    kind: "fiscal",
    source: "xml",
    key: doc.key.key,
    model: doc.key.model,
    cnpj: doc.issuer.document ?? doc.key.issuer,
    supplierName: doc.issuer.name,
    date: doc.issuedOn,
    valueCents: doc.totalCents,
  };
}

/**
 * The viewer's marks of a fiscal XML: a homologation note, one without an authorisation protocol, and
 * one whose issuer and recipient are both other than the company (`companyDocument`: its CNPJ or CPF
 * digits; null when the company has none on file, then never 'Nota de terceiros').
 */
export function fiscalMarks(doc: FiscalDocument, companyDocument: string | null): FiscalMark[] {
  const marks: FiscalMark[] = [];
  if (doc.homologation) marks.push("homologation");
  if (!doc.authorised) marks.push("unauthorized");
  const parties = [doc.issuer.document, doc.recipient?.document ?? null];
  if (companyDocument !== null && !parties.includes(companyDocument)) marks.push("thirdParty");
  return marks;
}

/** An access key read alone (a barcode, a PDF's text): the issuer's document, nothing else. */
export function accessKeyFinding(key: AccessKey, source: ReadingSource): Finding {
  return {
    kind: "fiscal",
    source,
    key: key.key,
    model: key.model,
    cnpj: key.issuer,
    supplierName: null,
    date: null,
    valueCents: null,
  };
}

/** An NFC-e or CF-e QR code: the key, and the day and total when the payload carries them. */
export function fiscalQrFinding(qr: FiscalQr): Finding {
  const { key } = qr;
  return {
    kind: "fiscal",
    source: "qrcode",
    key: key.key,
    model: key.model,
    cnpj: key.issuer,
    supplierName: null,
    date: qr.date,
    valueCents: qr.valueCents,
  };
}

export function paymentFinding(code: PaymentCode, source: ReadingSource): Finding {
  return { kind: "payment", source, code };
}
