import "server-only";
import type { FiscalMark } from "@/lib/contract/fiscal";
import type { FiscalModel } from "@/lib/fiscal/access-key";
import type { Finding, ReadingSource } from "@/lib/fiscal/block-reading";
import { accessKeyDigit, boletoDigit } from "@/lib/fiscal/check-digits";
import { findingCode } from "@/lib/fiscal/findings";
import type { DbLike } from "./builders/users";

// What the reading job would have written for a document (document_findings rows, read_at), for the
// demo seed and the test factories: the codes are valid (their check digits hold), built here rather
// than read off a picture.

const DAY_MS = 86_400_000;
const FACTOR_BASE_MS = Date.UTC(1997, 9, 7);

/** A valid access key: São Paulo, the issue month, the issuer's CNPJ, the model and a number. */
export function accessKeyOf(p: { cnpj: string; model: FiscalModel; issuedOn: string; number: number }): string {
  const yymm = p.issuedOn.slice(2, 4) + p.issuedOn.slice(5, 7);
  const number = String(p.number % 1_000_000_000).padStart(9, "0");
  const body = `35${yymm}${p.cnpj.padStart(14, "0")}${p.model}001${number}1${number.slice(1)}`;
  return body + accessKeyDigit(body);
}

/** A valid bank boleto's 44-digit barcode: the bank, the due date's factor, the value, a free field. */
export function boletoBarcodeOf(p: { bank: string; dueDate: string; valueCents: number; free?: string }): string {
  const days = Math.round((Date.parse(`${p.dueDate}T00:00:00Z`) - FACTOR_BASE_MS) / DAY_MS);
  // The factor went from 9999 back to 1000 on 2025-02-22 (lib/fiscal/payment-codes.ts).
  const factor = days > 9999 ? days - 9000 : days;
  const free = (p.free ?? "").padEnd(25, "0").slice(0, 25);
  const rest = `${String(factor).padStart(4, "0")}${String(p.valueCents).padStart(10, "0")}${free}`;
  const head = `${p.bank}9`;
  return `${head}${boletoDigit(head + rest)}${rest}`;
}

/** A fiscal finding (an NF-e, NFC-e, CT-e or CF-e key and what was read with it). */
export function fiscalFinding(
  key: string,
  p: Partial<Omit<Extract<Finding, { kind: "fiscal" }>, "kind" | "key">> = {},
): Finding {
  return {
    kind: "fiscal",
    source: p.source ?? "xml",
    key,
    model: p.model ?? (key.slice(20, 22) as FiscalModel),
    cnpj: p.cnpj ?? key.slice(6, 20),
    supplierName: p.supplierName ?? null,
    date: p.date ?? null,
    valueCents: p.valueCents ?? null,
  };
}

/** A bank boleto's finding: its due date and value. */
export function boletoFinding(
  p: { bank?: string; dueDate: string; valueCents: number; free?: string },
  source: ReadingSource = "barcode",
): Finding {
  const bank = p.bank ?? "237";
  const barcode = boletoBarcodeOf({ ...p, bank });
  return {
    kind: "payment",
    source,
    code: { kind: "boleto", barcode, bank, dueDate: p.dueDate, valueCents: p.valueCents },
  };
}

export type InsertFindingsOptions = {
  db: DbLike;
  document: { id: number; clientId: number };
  findings: readonly Finding[];
  /** The viewer's marks, on the document's first finding (a fiscal XML has one). */
  marks?: readonly FiscalMark[];
  /** When the document was read; now by default. null leaves read_at as it is. */
  readAt?: Date | null;
};

/** A document's findings, in order, as the reading job writes them; the document is marked read. */
export async function insertFindings(options: InsertFindingsOptions): Promise<void> {
  const { db, document, findings } = options;
  await db.documentFinding.createMany({
    data: findings.map((finding, position) => ({
      documentId: document.id,
      clientId: document.clientId,
      position,
      source: finding.source,
      code: findingCode(finding),
      finding,
      marks: position === 0 ? [...(options.marks ?? [])] : [],
    })),
  });
  if (options.readAt !== null) {
    await db.document.update({ where: { id: document.id }, data: { readAt: options.readAt ?? new Date() } });
  }
}
