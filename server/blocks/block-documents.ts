import "server-only";
import type { BlockDocumentsAnswer, BlockIdBody } from "@/lib/contract/blocks";
import { fiscalMarkSchema, type DocumentSource, type FiscalMark } from "@/lib/contract/fiscal";
import { getDb, statementRows } from "@/server/db/client";
import { documentImageUrl, signDocumentUrl } from "@/server/documents/signed-url";
import type { Actor } from "@/server/policy/actor";
import { centsToDecimalText } from "@/lib/format/money";
import { accountSuggestions } from "./account-suggestions";
import { loadWorkBlock } from "./access";
import { blockDuplicates, DOCUMENT_FINDINGS_SQL, duplicatesSql, parseFindings, readingWith } from "./reading";

const signed = (key: string | null | undefined) => (key ? signDocumentUrl(key) : null);

type DocumentRow = {
  displayKey: string | null;
  thumbKey: string | null;
  sourceKey: string | null;
  sourceMime: string | null;
  originalName: string | null;
  /** Its findings as a JSON array, in order (null: none). */
  found: string | null;
  /** Not read yet by the document-read job. */
  unread: boolean;
  marks: string[] | null;
  /** The block's possible duplicates, duplicatesSql's text (the same on every row). */
  duplicates: string | null;
};

// The block's documents in order, each with its findings and its marks, and on every row the block's
// duplicates (its codes and photo hashes gathered from all its documents, then duplicatesSql): one statement.
const DOCUMENTS_SQL = `
    SELECT d.display_key AS "displayKey", d.thumb_key AS "thumbKey", d.source_key AS "sourceKey",
           d.source_mime AS "sourceMime", d.original_name AS "originalName", fd.found::text AS found,
           (d.read_at IS NULL) AS unread,
           (SELECT array_agg(DISTINCT m.mark) FROM document_findings f, unnest(f.marks) AS m(mark)
             WHERE f.document_id = d.id) AS marks,
           dup.found AS duplicates
      FROM documents d
      ${DOCUMENT_FINDINGS_SQL}
     CROSS JOIN (
        SELECT ${duplicatesSql("b", { codes: "own.codes", ids: "own.ids", hashes: "own.hashes" })} AS found
          FROM blocks b
          LEFT JOIN LATERAL (
            SELECT string_agg(fc.codes, ' ') AS codes, array_agg(d.id) AS ids,
                   array_agg(d.photo_hash) FILTER (WHERE d.photo_hash IS NOT NULL) AS hashes
              FROM documents d
              LEFT JOIN LATERAL (
                SELECT string_agg(f.code, ' ') AS codes FROM document_findings f WHERE f.document_id = d.id
              ) fc ON TRUE
             WHERE d.block_id = b.id AND d.deleted_at IS NULL
          ) own ON TRUE
         WHERE b.id = $1::int
     ) dup
     WHERE d.block_id = $1::int AND d.deleted_at IS NULL
     ORDER BY d.position, d.id`;

const MARKS = fiscalMarkSchema.options;
const fallbackName = (mime: string | null) => (mime === "application/pdf" ? "documento.pdf" : "documento.xml");

/** The file a document came as, for the viewer's download (null: a photo). */
function sourceOf(doc: DocumentRow): DocumentSource {
  if (doc.sourceKey === null) return null;
  const marks = doc.marks ?? [];
  return {
    url: signDocumentUrl(doc.sourceKey),
    mime: doc.sourceMime ?? "application/octet-stream",
    name: doc.originalName ?? fallbackName(doc.sourceMime),
    // In the contract's order, and only the marks it knows.
    marks: MARKS.filter((mark: FiscalMark) => marks.includes(mark)),
  };
}

/**
 * POST /api/document/block {blockId}: what the block viewer shows beside the pictures — signed URLs of
 * the documents and thumbnails in order, who categorised and who contabilised it (names and photos),
 * alsoContabilize when it is the same operator, the version a save must carry and the open pendency
 * (problem, observation, date) or null; its reading (as the lists'), who imported it, and per document
 * the file it came as (a signed download link) or null for a photo. Two statements after the access
 * check, side by side: the block's people and open pendency (Prisma), its documents with their findings
 * and the block's duplicates (DOCUMENTS_SQL).
 */
export async function blockDocuments({
  actor,
  body,
}: {
  actor: Actor;
  body: BlockIdBody;
}): Promise<BlockDocumentsAnswer> {
  const db = getDb();
  const access = await loadWorkBlock(db, actor, body.blockId);
  const person = { select: { user: { select: { name: true, pictureKey: true } } } } as const;
  const [block, documents] = await Promise.all([
    db.block.findUniqueOrThrow({
      where: { id: access.id },
      select: {
        version: true,
        paymentDate: true,
        valueCents: true,
        sentAt: true,
        categorizedById: true,
        contabilizedById: true,
        contabilizedAt: true,
        categorizedBy: person,
        contabilizedBy: person,
        importedBy: person,
        pendencies: {
          where: { solvedAt: null },
          orderBy: { createdAt: "desc" },
          take: 1,
          select: { issue: true, observations: true, createdAt: true },
        },
        exports: { orderBy: { export: { at: "desc" } }, take: 1, select: { export: { select: { at: true } } } },
      },
    }),
    statementRows<DocumentRow>(db, DOCUMENTS_SQL, [access.id]),
  ]);
  const categorized = block.categorizedBy?.user ?? null;
  const contabilized = block.contabilizedAt ? (block.contabilizedBy?.user ?? null) : null;
  const [pendency] = block.pendencies;
  const findings = documents.flatMap((doc) => (doc.found === null ? [] : parseFindings(doc.found)));
  const reading = readingWith(findings, blockDuplicates(documents[0]?.duplicates ?? null));
  // The office's tool: a company user's answer carries none.
  const suggestions = actor.accounting
    ? await accountSuggestions(db, { clientId: access.clientId, officeId: access.officeId }, [
        {
          id: access.id,
          value: block.valueCents === null ? null : centsToDecimalText(block.valueCents),
          date: block.paymentDate ? block.paymentDate.toISOString().slice(0, 10) : null,
          sentDatetime: block.sentAt.toISOString(),
          reading,
        },
      ])
    : null;
  return {
    documentsUrl: documents.map((doc) => documentImageUrl(doc.displayKey)),
    thumbnailsUrl: documents.map((doc) => documentImageUrl(doc.thumbKey)),
    categorizedBy: categorized?.name ?? null,
    contabilizedBy: contabilized?.name ?? null,
    categorizedPhotoUrl: signed(categorized?.pictureKey),
    contabilizedPhotoUrl: signed(contabilized?.pictureKey),
    alsoContabilize:
      block.contabilizedAt !== null &&
      block.categorizedById !== null &&
      block.categorizedById === block.contabilizedById,
    version: block.version,
    pendency: pendency
      ? { issue: pendency.issue, observations: pendency.observations, date: pendency.createdAt.toISOString() }
      : null,
    reading,
    readingPending: documents.some((doc) => doc.unread),
    importedBy: block.importedBy?.user.name ?? null,
    sources: documents.map(sourceOf),
    exportedAt: block.exports[0]?.export.at.toISOString() ?? null,
    accountSuggestion: suggestions?.get(access.id) ?? null,
  };
}
