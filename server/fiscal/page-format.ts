import "server-only";
import { maskCnpj, maskCpf } from "@/lib/format";
import type { AccessKey } from "@/lib/fiscal/access-key";
import { messages } from "@/lib/i18n/messages";

// How the values of a fiscal document are written on its page, as a DANFE writes them.
const t = messages.fiscalPage;

/** The 44 digits in 11 groups of 4, as the DANFE prints them. */
export function groupAccessKey(key: string): string {
  return key.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** 'CNPJ 00.000.000/0000-00', 'CPF 000.000.000-00', or the text as written when it is neither. */
export function formatPartyDocument(document: string | null): string | null {
  if (!document) return null;
  if (/^\d{14}$/.test(document)) return `${t.cnpj} ${maskCnpj(document)}`;
  if (/^\d{11}$/.test(document)) return `${t.cpf} ${maskCpf(document)}`;
  return `${t.document} ${document}`;
}

/** YYYY-MM-DD (the reader's form) to dd/mm/aaaa; anything else as 'não informada'. */
export function formatIssuedOn(date: string | null): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : t.noDate;
}

/** A quantity written '12.5000' to '12,5', thousands grouped: trailing zeros say nothing. */
export function formatQuantity(quantity: string | null): string {
  if (quantity === null) return "";
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(quantity.trim());
  if (!match) return quantity;
  const [, sign, whole, fraction = ""] = match;
  const grouped = whole.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  const decimals = fraction.replace(/0+$/, "");
  return `${sign}${grouped}${decimals ? `,${decimals}` : ""}`;
}

/** 'Nº 000.001.234 · Série 001' (CF-e: 'Nº 001234 · SAT nº 900001234'). */
export function formatNumberLine(key: AccessKey): string {
  if (key.model === "59") return `${t.number} ${key.number} · ${t.satSerial} ${key.series}`;
  const number = key.number.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${t.number} ${number} · ${t.series} ${key.series}`;
}
