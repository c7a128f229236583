import "server-only";
import type { FiscalModel } from "@/lib/fiscal/access-key";
import type { Finding } from "@/lib/fiscal/block-reading";
import { accessKeyOf, boletoFinding, fiscalFinding } from "./findings";
import type { ReceiptTemplate } from "./receipt-templates";

// What the reading job would have read off the demo's pictures (docs/decisions/0271): the seed writes
// it itself, so a fresh start has no backlog of unread documents and the demo shows readings. The
// pictures' codes are drawn for the look only (receipt-svg.ts), so the findings are made to match the
// paper instead: the issuer, the day and the total printed on it.

/** OCR's confidence on the demo's receipts: clean prints, as the measure reads them (docs/performance.md). */
const DEMO_OCR_CONFIDENCE = 0.88;

/**
 * The receipt's payment code or fiscal key, as the job would have found it on its picture; a receipt
 * without a code, its text as OCR would have read it (docs/decisions/0296); null: none.
 */
export function receiptFinding(
  template: ReceiptTemplate,
  p: { day: string; totalCents: number; number: number },
): Finding | null {
  if (template.layout === "recibo")
    return {
      kind: "ocr",
      source: "ocr",
      cnpj: template.issuerCnpj,
      supplierName: template.issuer,
      date: p.day,
      valueCents: p.totalCents,
      confidence: DEMO_OCR_CONFIDENCE,
    };
  if (template.layout === "boleto") {
    // The DAS is a collection slip, not a bank boleto: its reading is left out of the demo.
    if (template.issuer.startsWith("RECEITA FEDERAL")) return null;
    return boletoFinding({ bank: "341", dueDate: p.day, valueCents: p.totalCents, free: String(p.number) });
  }
  const model: FiscalModel = template.title.includes("SAT") ? "59" : template.title.startsWith("DANFE") ? "55" : "65";
  const key = accessKeyOf({ cnpj: template.issuerCnpj, model, issuedOn: p.day, number: p.number });
  // A DANFE's Code-128 carries the key alone; a consumer note's QR code its day and total too.
  return model === "55"
    ? fiscalFinding(key, { source: "barcode" })
    : fiscalFinding(key, { source: "qrcode", date: p.day, valueCents: p.totalCents });
}
