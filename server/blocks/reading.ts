import "server-only";
import type { BlockReadingAnswer } from "@/lib/contract/fiscal";
import { mergeFindings, type Finding } from "@/lib/fiscal/block-reading";
import { findingSchema } from "@/lib/fiscal/finding-schema";
import { scopedLogger } from "@/server/log";

// A block's reading (docs/decisions/0271-fiscal-reading-contract.md), computed when the block is read,
// in the same statement as the block: its documents' findings (DOCUMENT_FINDINGS_SQL, aggregated in
// document order by the caller) and the other live blocks of the client sharing one of its codes
// (duplicatesSql). The merge rule: lib/fiscal/block-reading.ts.

const log = scopedLogger("blocks");

/**
 * Per document `d`: `fd.found`, its findings as a JSON array in order, and `fd.codes`, their codes
 * joined by spaces (a code is digits only); both null without findings. Probes the
 * (document_id, position) index once per document.
 */
export const DOCUMENT_FINDINGS_SQL = `LEFT JOIN LATERAL (
            SELECT json_agg(f.finding ORDER BY f.position) AS found, string_agg(f.code, ' ') AS codes
              FROM document_findings f
             WHERE f.document_id = d.id
          ) fd ON TRUE`;

/**
 * The other live blocks (not undone, not devolved) of the block's client with one of its codes — `codes`
 * (an SQL expression: the findings' codes joined by spaces) or its imported key — among their documents'
 * findings (the (client_id, code) index; `ownDocuments`, an int[] expression of the block's documents,
 * drops its own hits before their document is read) or as their imported key (the partial
 * blocks_imported_key_key index). An int[] expression, in no order and a block maybe twice
 * (blockDuplicates); null when none. A block without any code starts no subquery (CASE).
 */
export function duplicatesSql(block: string, codes: string, ownDocuments: string): string {
  return `(CASE WHEN ${codes} IS NOT NULL OR ${block}.imported_key IS NOT NULL THEN (
        SELECT array_agg(other.id)
          FROM unnest(array_remove(string_to_array(${codes}, ' ') || ${block}.imported_key, NULL)) AS k(code)
         CROSS JOIN LATERAL (
                SELECT d2.block_id AS id
                  FROM document_findings f2
                  JOIN documents d2 ON d2.id = f2.document_id
                 WHERE f2.client_id = ${block}.client_id AND f2.code = k.code
                   -- The block's own findings (the usual hit of a code) end here, before their document.
                   AND f2.document_id <> ALL(COALESCE(${ownDocuments}, ARRAY[]::int[]))
                   AND d2.block_id <> ${block}.id AND d2.deleted_at IS NULL
                UNION ALL
                SELECT i.id
                  FROM blocks i
                 WHERE i.client_id = ${block}.client_id AND i.imported_key = k.code
                   AND i.id <> ${block}.id AND i.devolved_at IS NULL
               ) hit
          JOIN blocks other ON other.id = hit.id
         WHERE other.client_id = ${block}.client_id AND other.undone_at IS NULL AND other.devolved_at IS NULL
      ) END)`;
}

/** The reading's columns of a block row. */
export type ReadingColumns = {
  /** JSON text: per document with findings, in document order, the array of its findings. */
  findings: string | null;
  duplicateOf: number[] | null;
};

/**
 * The findings of the JSON text of `findings` (an array of arrays), in order. A finding that does not
 * hold the Finding shape is left out (and logged): one bad row must not take the block's answer down.
 */
export function parseFindings(json: string): Finding[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = null;
  }
  const found = Array.isArray(parsed) ? parsed.flatMap((one: unknown) => (Array.isArray(one) ? one : [one])) : [];
  const findings: Finding[] = [];
  for (const one of found) {
    const checked = findingSchema.safeParse(one);
    if (checked.success) findings.push(checked.data);
    else log.warn({ issues: checked.error.issues.slice(0, 3) }, "a stored finding does not hold its shape");
  }
  return findings;
}

/** duplicatesSql's ids, once each, ascending. */
export const blockDuplicates = (ids: readonly number[] | null): number[] =>
  ids ? [...new Set(ids)].sort((a, b) => a - b) : [];

/** The block's reading: null when nothing of it was read. */
export function blockReading(row: ReadingColumns): BlockReadingAnswer | null {
  if (row.findings === null) return null;
  const reading = mergeFindings(parseFindings(row.findings));
  return reading && { ...reading, duplicateOf: blockDuplicates(row.duplicateOf) };
}
