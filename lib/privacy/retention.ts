// Retention of a document's files (docs/decisions/0310-retention.md). A document of year Y is kept until
// at least 1 January of Y + N + 2: the tax of year Y can first be assessed in Y + 1, and the five-year
// (N-year, N ≥ 5) period counts from the year after that. Y is the year of its block's payment date when
// the block was contabilised, else of the block's send date (São Paulo's calendar). The retention job
// (server/jobs/retention.ts) asks the same rule in SQL.

export const RETENTION_MIN_YEARS = 5;
export const RETENTION_MAX_YEARS = 50;
export const RETENTION_DEFAULT_YEARS = 5;

/** The year the first of January of which a document of `documentYear` may lose its files. */
export function retentionEndYear(documentYear: number, years: number): number {
  return documentYear + years + 2;
}

/** Whether, in São Paulo year `currentYear`, a document of `documentYear` may lose its files. */
export function retentionExpired(documentYear: number, years: number, currentYear: number): boolean {
  return currentYear >= retentionEndYear(documentYear, years);
}

/**
 * A document's year: its block's payment date's (a date, no zone) when contabilised, else its send
 * date's São Paulo year (`sentYear`, already in that zone).
 */
export function documentYear(block: { contabilized: boolean; paymentDate: Date | null; sentYear: number }): number {
  return block.contabilized && block.paymentDate ? block.paymentDate.getUTCFullYear() : block.sentYear;
}
