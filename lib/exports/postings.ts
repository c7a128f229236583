import { encodeWindows1252 } from "@/lib/windows-1252";

// A month's postings written as the files an accounting system imports (docs/decisions/0280-export-of-postings.md):
// Domínio's pipe-delimited layout in Windows-1252 with CRLF, and a CSV for any other system.

export type Posting = {
  /** YYYY-MM-DD: the block's Data de pagamento. */
  date: string;
  /** The account's 'Código no sistema contábil', else its code. */
  debit: string;
  credit: string;
  valueCents: bigint;
  historyCode: string | null;
  /** The complement already filled in (fillComplement). */
  complement: string;
  /** The supplier's CNPJ or CPF digits, from the block's reading ('' when nothing was read). */
  supplierCode: string;
  key: string;
  blockId: number;
};

/** What the complement's placeholders stand for in one block (each '' when not read). */
export type ComplementValues = { fornecedor: string; documento: string; chave: string };

/** A code the accounting system takes: 1–20 digits, dots or dashes (the counterpart, a debit code). */
export const SYSTEM_CODE_PATTERN = /^[0-9.-]{1,20}$/;

/**
 * The complement of one posting: `{fornecedor}`, `{documento}` and `{chave}` replaced, then made one
 * field: no '|', no line break or other control character, runs of spaces made one, trimmed.
 */
export function fillComplement(pattern: string, values: ComplementValues): string {
  const filled = pattern.replace(
    /\{(fornecedor|documento|chave)\}/g,
    (_, name: keyof ComplementValues) => values[name],
  );
  return oneField(filled);
}

/** A text made safe for one pipe-delimited field: '|' and control characters become spaces. */
export function oneField(text: string): string {
  return text
    .replace(/[|\p{Cc}\u2028\u2029]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** YYYY-MM-DD → dd/mm/aaaa. */
export function brazilianDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}/${month}/${year}`;
}

/** Cents → 1234,56: no thousands separator, a comma before the cents, '-' before a negative. */
export function decimalComma(cents: bigint): string {
  const negative = cents < BigInt(0);
  const text = (negative ? -cents : cents).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${text.slice(0, -2)},${text.slice(-2)}`;
}

/**
 * Domínio's import file: `|0000|<CNPJ/CPF digits>|`, then per posting `|6000|X||||` (a lot of one
 * simple posting) and `|6100|dd/mm/aaaa|debit|credit|1234,56|history|complement||||`; CRLF after every
 * line; Windows-1252.
 */
export function dominioFile(clientCode: string, postings: readonly Posting[]): Uint8Array {
  const lines = [`|0000|${clientCode.replace(/\D/g, "")}|`];
  for (const p of postings) {
    lines.push("|6000|X||||");
    const fields = [brazilianDate(p.date), p.debit, p.credit, decimalComma(p.valueCents), p.historyCode ?? ""];
    lines.push(`|6100|${fields.join("|")}|${oneField(p.complement)}||||`);
  }
  return encodeWindows1252(lines.map((line) => `${line}\r\n`).join(""));
}

export const CSV_HEADER = "data;debito;credito;valor;historico;complemento;cnpj_fornecedor;chave;bloco";

/** One CSV field: quoted (RFC 4180, quotes doubled) when it holds ';', '"', CR or LF. */
export function csvField(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV for any other system: UTF-8 with BOM, ';', CRLF, the header, one line per posting. */
export function csvFile(postings: readonly Posting[]): Uint8Array {
  const lines = [CSV_HEADER];
  for (const p of postings) {
    lines.push(
      [
        brazilianDate(p.date),
        p.debit,
        p.credit,
        decimalComma(p.valueCents),
        p.historyCode ?? "",
        p.complement,
        p.supplierCode,
        p.key,
        String(p.blockId),
      ]
        .map(csvField)
        .join(";"),
    );
  }
  return new TextEncoder().encode(`\uFEFF${lines.map((line) => `${line}\r\n`).join("")}`);
}
