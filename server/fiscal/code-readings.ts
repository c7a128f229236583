import { parseAccessKey, type AccessKey } from "@/lib/fiscal/access-key";
import { parseFiscalQr, type FiscalQr } from "@/lib/fiscal/fiscal-qr";
import { parsePaymentCode, type Boleto, type CollectionSlip } from "@/lib/fiscal/payment-codes";

// What a code read from a photo means, only through lib/fiscal's parsers: a text whose check digits
// fail is no reading at all. A QR code can only be a fiscal QR; a barcode's 44 digits are an access
// key (the DANFE's Code-128) or a payment slip's (the boleto's and collection slip's ITF).

type Read = { source: "qrcode" | "barcode"; text: string };

export type CodeReading =
  | (Read & { kind: "access-key" } & AccessKey)
  | (Read & { kind: "fiscal-qr" } & FiscalQr)
  | (Read & Boleto)
  | (Read & CollectionSlip);

/** The reading of one code's raw text, or null when no parser accepts it. */
export function interpretCode(format: string, text: string, today: string): CodeReading | null {
  if (format === "QRCode") {
    const qr = parseFiscalQr(text);
    return qr ? { kind: "fiscal-qr", source: "qrcode", text, ...qr } : null;
  }
  const key = parseAccessKey(text);
  const payment = parsePaymentCode(text, today);
  // A Code-128 is read as a key first, an ITF as a payment code first.
  if (key && (format === "Code128" || !payment)) return { kind: "access-key", source: "barcode", text, ...key };
  return payment ? { source: "barcode", text, ...payment } : null;
}

/** The readings without repeats (one kind and text once). */
export function distinctReadings(readings: CodeReading[]): CodeReading[] {
  const seen = new Set<string>();
  return readings.filter((r) => {
    const id = `${r.kind}:${r.text}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
