import type { BlockReadingAnswer, DocumentSource } from "@/lib/contract/fiscal";
import { maskCnpj, maskCpf } from "@/lib/format/masks";

// The reading's fields as the screens show them. The block answers gain `reading`, `importedBy` and
// `sources` (docs/decisions/0271-fiscal-reading-contract.md); these accessors read them from any answer
// that may carry them, so a screen works with and without them.

export type { BlockReadingAnswer, DocumentSource };

/** A block's (or a documents answer's) reading, null when absent or not read yet. */
export function readingOf(answer: object | null | undefined): BlockReadingAnswer | null {
  return (answer as { reading?: BlockReadingAnswer | null } | null | undefined)?.reading ?? null;
}

/** The office operator who imported the block (documents answer), or null. */
export function importedByOf(answer: object | null | undefined): string | null {
  return (answer as { importedBy?: string | null } | null | undefined)?.importedBy ?? null;
}

/** Per document, the file it came as (documents answer), [] when the answer has none. */
export function sourcesOf(answer: object | null | undefined): DocumentSource[] {
  return (answer as { sources?: DocumentSource[] } | null | undefined)?.sources ?? [];
}

/** 14 digits as a CNPJ, 11 as a CPF, anything else as given. */
export function formatTaxId(digits: string): string {
  if (/^\d{14}$/.test(digits)) return maskCnpj(digits);
  if (/^\d{11}$/.test(digits)) return maskCpf(digits);
  return digits;
}

/** An access key or a barcode in groups of four digits. */
export const formatKey = (key: string): string => key.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");

/** "2026-01-15" → "15/01/2026". */
export function formatIsoDate(date: string): string {
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
}
