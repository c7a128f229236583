import "server-only";
import {
  duplicateReasonKindSchema,
  duplicateReasonSchema,
  type BlockReadingAnswer,
  type DuplicateReason,
} from "@/lib/contract/fiscal";
import { PHOTO_BAND_BITS, PHOTO_BAND_COUNT, PHOTO_BAND_MASK, PHOTO_MATCH_DISTANCE } from "@/lib/duplicates/photo-hash";
import { SUPPLIER_VALUE_DAYS } from "@/lib/duplicates/rules";
import { mergeFindings, type Finding } from "@/lib/fiscal/block-reading";
import { findingSchema } from "@/lib/fiscal/finding-schema";
import { scopedLogger } from "@/server/log";

// A block's reading (docs/decisions/0271-fiscal-reading-contract.md), computed when the block is read,
// in the same statement as the block: its documents' findings (DOCUMENT_FINDINGS_SQL, aggregated in
// document order by the caller) and the other live blocks of the client that may be the same payment
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

/** The block's own documents and what they carry, as SQL expressions (see duplicatesSql). */
export type OwnDocumentsSql = {
  /** Text: the findings' codes joined by spaces (null: none). */
  codes: string;
  /** int[]: the block's documents. */
  ids: string;
  /** bigint[]: the photo hashes of its documents (null: none). */
  hashes: string;
};

/**
 * The other live blocks (not undone, not devolved) of the block's client that may be the same payment
 * (docs/decisions/0300-near-duplicate-blocks.md), each with why, as text: `reason:id` items joined by
 * spaces, in no order; null when none. Four rules, each through its index:
 * - "key" / "line": one of its codes (an access key, a boleto's or a collection slip's barcode) among
 *   their documents' findings (the (client_id, code) index; the block's own findings end before their
 *   document is read) or as their imported key (the partial blocks_imported_key_key index);
 * - "supplier-value": the same supplier, the same value and a date at most 3 days apart (the value and
 *   date are the block's own when it has them, else the read ones): one probe of blocks_supplier_value_idx;
 * - "photo": a document whose photo hash is within PHOTO_MATCH_DISTANCE of one of the block's (a probe
 *   of each of the five band indexes per photo, the full distance checked on the index's own copy of the
 *   hash), unless both blocks carry codes and share none: two bills of one layout look alike to the
 *   hash, but codes whose check digits hold tell them apart.
 * A pair an office operator dismissed ('Não é duplicado') is left out. A block with nothing to compare
 * starts no subquery (CASE).
 */
export function duplicatesSql(block: string, own: OwnDocumentsSql): string {
  // Whether the block `id` has a code read off one of its documents (among `among`, when given).
  const codesOf = (id: string, among?: string) => `EXISTS (
                          SELECT 1 FROM documents d3 JOIN document_findings f3 ON f3.document_id = d3.id
                           WHERE d3.block_id = ${id} AND d3.deleted_at IS NULL
                             AND ${among ? `f3.code = ANY(${among})` : "f3.code IS NOT NULL"})`;
  // The band expressions of the documents_photo_band<i>_idx indexes, written as they are.
  const band = (hash: string, i: number) =>
    i === 0 ? `(${hash} & ${PHOTO_BAND_MASK})::int` : `((${hash} >> ${PHOTO_BAND_BITS * i}) & ${PHOTO_BAND_MASK})::int`;
  const photoBands = Array.from({ length: PHOTO_BAND_COUNT }, (_, i) => i)
    .map(
      (i) => `SELECT d2.block_id FROM documents d2
                 WHERE d2.client_id = ${block}.client_id AND d2.photo_hash IS NOT NULL AND d2.deleted_at IS NULL
                   AND ${band("d2.photo_hash", i)} = ${band("h.hash", i)}
                   AND bit_count((d2.photo_hash # h.hash)::bit(64)) <= ${PHOTO_MATCH_DISTANCE}
                   AND d2.block_id <> ${block}.id
                   AND (${own.codes} IS NULL OR NOT ${codesOf("d2.block_id")}
                        OR ${codesOf("d2.block_id", `string_to_array(${own.codes}, ' ')`)})`,
    )
    .join("\n                UNION ALL ");
  return `(CASE WHEN ${own.codes} IS NOT NULL OR ${block}.imported_key IS NOT NULL
                 OR ${block}.supplier_tax_id IS NOT NULL OR ${own.hashes} IS NOT NULL THEN (
        SELECT string_agg(DISTINCT hit.reason || ':' || other.id, ' ')
          FROM (
            SELECT code_hit.id, code_hit.reason
              FROM unnest(array_remove(string_to_array(${own.codes}, ' ') || ${block}.imported_key, NULL)) AS k(code)
             CROSS JOIN LATERAL (
                    SELECT d2.block_id AS id,
                           CASE WHEN f2.finding->>'kind' = 'payment' THEN 'line' ELSE 'key' END AS reason
                      FROM document_findings f2
                      JOIN documents d2 ON d2.id = f2.document_id
                     WHERE f2.client_id = ${block}.client_id AND f2.code = k.code
                       -- The block's own findings (the usual hit of a code) end here, before their document.
                       AND f2.document_id <> ALL(COALESCE(${own.ids}, ARRAY[]::int[]))
                       AND d2.block_id <> ${block}.id AND d2.deleted_at IS NULL
                    UNION ALL
                    SELECT i.id, 'key'
                      FROM blocks i
                     WHERE i.client_id = ${block}.client_id AND i.imported_key = k.code
                       AND i.id <> ${block}.id AND i.devolved_at IS NULL
                   ) code_hit
             WHERE k.code <> ''
            UNION ALL
            SELECT s.id, 'supplier-value'
              FROM blocks s
             WHERE ${block}.supplier_tax_id IS NOT NULL
               AND s.client_id = ${block}.client_id AND s.supplier_tax_id = ${block}.supplier_tax_id
               AND COALESCE(s.value_cents, s.read_value_cents)
                   = COALESCE(${block}.value_cents, ${block}.read_value_cents)
               AND COALESCE(s.payment_date, s.read_date)
                   BETWEEN COALESCE(${block}.payment_date, ${block}.read_date) - ${SUPPLIER_VALUE_DAYS}
                       AND COALESCE(${block}.payment_date, ${block}.read_date) + ${SUPPLIER_VALUE_DAYS}
               AND s.undone_at IS NULL AND s.devolved_at IS NULL AND s.id <> ${block}.id
            UNION ALL
            SELECT near.block_id, 'photo'
              FROM unnest(${own.hashes}) AS h(hash)
             CROSS JOIN LATERAL (
                ${photoBands}
             ) near
          ) hit
          -- Per hit, LATERAL … LIMIT 1: the other block and a dismissal of the pair through their primary
          -- keys, never a hash of all the client's blocks (the planner cannot tell how few hits there are).
          CROSS JOIN LATERAL (
                SELECT o.id FROM blocks o
                 WHERE o.id = hit.id AND o.client_id = ${block}.client_id
                   AND o.undone_at IS NULL AND o.devolved_at IS NULL
                 LIMIT 1
          ) other
          LEFT JOIN LATERAL (
                SELECT 1 AS one FROM block_duplicate_dismissals x
                 WHERE x.block_id = LEAST(${block}.id, other.id) AND x.other_block_id = GREATEST(${block}.id, other.id)
                 LIMIT 1
          ) dismissed ON TRUE
         WHERE dismissed.one IS NULL
      ) END)`;
}

/** The reading's columns of a block row. */
export type ReadingColumns = {
  /** JSON text: per document with findings, in document order, the array of its findings. */
  findings: string | null;
  /** duplicatesSql's text: `reason:id` items joined by spaces. */
  duplicates: string | null;
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

/** The duplicates of a reading: the blocks once each, ascending, and why, by block then reason. */
export type ReadingDuplicates = Pick<BlockReadingAnswer, "duplicateOf" | "duplicateReasons">;

/** duplicatesSql's text as the reading's duplicateOf and duplicateReasons. */
export function blockDuplicates(text: string | null): ReadingDuplicates {
  const reasons: DuplicateReason[] = [];
  for (const item of text ? text.split(" ") : []) {
    const [reason, id] = item.split(":");
    const checked = duplicateReasonSchema.safeParse({ blockId: Number(id), reason });
    if (checked.success) reasons.push(checked.data);
  }
  reasons.sort((a, b) => a.blockId - b.blockId || REASON_ORDER[a.reason] - REASON_ORDER[b.reason]);
  return { duplicateOf: [...new Set(reasons.map((r) => r.blockId))], duplicateReasons: reasons };
}

const REASON_ORDER = Object.fromEntries(duplicateReasonKindSchema.options.map((kind, i) => [kind, i])) as Record<
  DuplicateReason["reason"],
  number
>;

/** The reading of a block whose documents said nothing, but which has duplicates ("mesma foto"). */
const NOTHING_READ = {
  source: null,
  key: null,
  model: null,
  cnpj: null,
  supplierName: null,
  date: null,
  value: null,
  confidence: null,
} as const;

/**
 * The block's reading from its findings and its duplicates: null when nothing of it was read and it
 * has no duplicate; with a duplicate but nothing read, every field read is null (source too).
 */
export function readingWith(findings: Finding[], duplicates: ReadingDuplicates): BlockReadingAnswer | null {
  const merged = mergeFindings(findings);
  if (merged) return { ...merged, ...duplicates };
  return duplicates.duplicateOf.length > 0 ? { ...NOTHING_READ, ...duplicates } : null;
}

/** The block's reading (readingWith) from its row's columns. */
export function blockReading(row: ReadingColumns): BlockReadingAnswer | null {
  return readingWith(row.findings === null ? [] : parseFindings(row.findings), blockDuplicates(row.duplicates));
}
