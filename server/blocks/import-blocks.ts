import "server-only";
import type { BlockImportBody, ImportResult } from "@/lib/contract/fiscal";
import { fiscalDocumentFinding, fiscalMarks } from "@/lib/fiscal/findings";
import { fiscalMessages } from "@/lib/i18n/sections/fiscal";
import { recordClientChange } from "@/server/audit/record-client-change";
import { getDb, type Db, type Tx } from "@/server/db/client";
import { deleteDocumentBlobs, deleteUnreferencedBlobs, documentSourceKey } from "@/server/documents/document-blobs";
import { XML_MIME } from "@/server/documents/read-document";
import { scheduleDocumentReads } from "@/server/documents/read-queue";
import { PAGE_HEIGHT, PAGE_WIDTH } from "@/server/fiscal/danfe-page";
import { readImportFiles, type ReadEntry } from "@/server/fiscal/import-files";
import { getBlobStore, type BlobStore } from "@/server/storage";
import type { Actor } from "@/server/policy/actor";
import { importTarget, type ImportTarget } from "./import-target";

// POST /api/block/import (docs/decisions/0272-fiscal-xml-import.md): each XML read once, the duplicate
// check one query for every key of the request, the XMLs stored with bounded parallelism before ONE
// transaction inserts every block, document and finding in batches. The page is drawn later by the
// document-read job. A failure deletes the blobs this request wrote: no row, no blob.

const m = fiscalMessages.import;

/** XMLs stored at once: enough to hide the store's latency, few enough not to flood it. */
const PUT_PARALLELISM = 8;
/** Time for the one transaction of up to 2,000 entries (about 1 s per 1,000 measured). */
const IMPORT_TRANSACTION_MS = 60_000;

type Valid = Extract<ReadEntry, { ok: true }>;
type Planned = { entry: Valid; key: string; sourceKey: string };

/**
 * The client's live blocks (not undone, not devolved) holding each key: imported with it, or with a
 * document (still in the block) that has it among its findings. One statement for all the keys.
 */
async function liveBlocksByKey(db: Db | Tx, clientId: number, keys: readonly string[]): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  if (keys.length === 0) return found;
  const list = [...keys];
  const rows = await db.$queryRaw<{ code: string; id: number }[]>`
    SELECT b.imported_key AS code, b.id FROM blocks b
     WHERE b.client_id = ${clientId} AND b.imported_key = ANY(${list}::text[])
       AND b.undone_at IS NULL AND b.devolved_at IS NULL
    UNION
    SELECT f.code, b.id FROM document_findings f
      JOIN documents d ON d.id = f.document_id AND d.deleted_at IS NULL
      JOIN blocks b ON b.id = d.block_id AND b.undone_at IS NULL AND b.devolved_at IS NULL
     WHERE f.client_id = ${clientId} AND f.code = ANY(${list}::text[])
    ORDER BY id`;
  for (const row of rows) found.set(row.code, [...(found.get(row.code) ?? []), row.id]);
  return found;
}

async function storeSources(store: BlobStore, planned: readonly Planned[]): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const worker = async () => {
    while (next < planned.length && failures.length === 0) {
      const item = planned[next++]!;
      try {
        await store.put(item.sourceKey, item.entry.bytes, XML_MIME);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  // Every worker ends before the cleanup: a put still in flight would land after its delete.
  await Promise.all(Array.from({ length: Math.min(PUT_PARALLELISM, planned.length) }, worker));
  if (failures.length === 0) return;
  const sources = planned
    .slice(0, next)
    .map((item) => ({ displayKey: null, thumbKey: null, sourceKey: item.sourceKey }));
  await deleteDocumentBlobs(store, sources);
  throw failures[0];
}

/**
 * Inserts what `planned` makes. A key another request imported meanwhile is skipped by the partial unique
 * index blocks_imported_key_key (ON CONFLICT DO NOTHING): that file answers `duplicate`. Returns the
 * created blocks and documents by key.
 */
async function insertImports(
  tx: Tx,
  actor: { userId: number },
  target: ImportTarget,
  planned: readonly Planned[],
): Promise<Map<string, { blockId: number; documentId: number }>> {
  const now = new Date();
  const keys = planned.map((item) => item.key);
  // An undone block keeps its key but is gone from every list: it must not hold the key against this one.
  await tx.$executeRaw`
    UPDATE blocks SET imported_key = NULL
     WHERE client_id = ${target.clientId} AND imported_key = ANY(${keys}::text[]) AND undone_at IS NOT NULL`;
  const blocks = await tx.block.createManyAndReturn({
    data: planned.map((item) => ({
      clientId: target.clientId,
      sentById: target.sentById,
      importedById: target.importedById,
      importedKey: item.key,
      sentAt: now,
      createdAt: now,
    })),
    skipDuplicates: true,
    select: { id: true, importedKey: true },
  });
  const byKey = new Map(planned.map((item) => [item.key, item]));
  const documents = await tx.document.createManyAndReturn({
    data: blocks.map((block) => {
      const item = byKey.get(block.importedKey!)!;
      return {
        clientId: target.clientId,
        blockId: block.id,
        uploadedById: target.uploadedById,
        position: 1,
        originalName: item.entry.name,
        displayKey: null,
        thumbKey: null,
        mime: "image/webp",
        width: PAGE_WIDTH,
        height: PAGE_HEIGHT,
        size: 0,
        sourceKey: item.sourceKey,
        sourceMime: XML_MIME,
        hash: item.entry.hash,
        createdAt: now,
      };
    }),
    select: { id: true, blockId: true },
  });
  const keyOfBlock = new Map(blocks.map((block) => [block.id, block.importedKey!]));
  const created = new Map<string, { blockId: number; documentId: number }>();
  for (const doc of documents)
    created.set(keyOfBlock.get(doc.blockId!)!, { blockId: doc.blockId!, documentId: doc.id });
  await tx.documentFinding.createMany({
    data: documents.map((doc) => {
      const { entry, key } = byKey.get(keyOfBlock.get(doc.blockId!)!)!;
      return {
        documentId: doc.id,
        clientId: target.clientId,
        position: 0,
        source: "xml",
        code: key,
        finding: fiscalDocumentFinding(entry.document),
        marks: fiscalMarks(entry.document, target.companyDocument),
      };
    }),
  });
  if (blocks.length > 0) {
    await recordClientChange(tx, actor, target, now, {
      action: "block.import",
      targetType: "client",
      targetId: target.clientId,
      data: { files: planned.length, blocks: blocks.map((block) => block.id) },
    });
  }
  return created;
}

export async function importBlocks({ actor, body }: { actor: Actor; body: BlockImportBody }): Promise<ImportResult[]> {
  const db = getDb();
  const target = await importTarget(db, actor, body.clientId);
  const entries = await readImportFiles(body.files);
  const keys = [...new Set(entries.flatMap((entry) => (entry.ok ? [entry.document.key.key] : [])))];
  const earlier = await liveBlocksByKey(db, target.clientId, keys);

  const planned: Planned[] = [];
  const first = new Set<string>();
  for (const entry of entries) {
    if (!entry.ok || earlier.has(entry.document.key.key) || first.has(entry.document.key.key)) continue;
    const key = entry.document.key.key;
    first.add(key);
    planned.push({ entry, key, sourceKey: documentSourceKey(target.clientId, "xml") });
  }

  const store = getBlobStore();
  await storeSources(store, planned);
  let created = new Map<string, { blockId: number; documentId: number }>();
  try {
    if (planned.length > 0) {
      created = await db.$transaction((tx) => insertImports(tx, actor, target, planned), {
        timeout: IMPORT_TRANSACTION_MS,
      });
    }
  } catch (error) {
    await deleteUnreferencedBlobs(
      store,
      planned.map((item) => item.sourceKey),
    );
    throw error;
  }
  scheduleDocumentReads([...created.values()].map((made) => made.documentId));

  // Keys another request imported first: their XMLs are not kept; the winners answer as duplicateOf.
  const lost = planned.filter((item) => !created.has(item.key));
  await deleteDocumentBlobs(
    store,
    lost.map((item) => ({ displayKey: null, thumbKey: null, sourceKey: item.sourceKey })),
  );
  const winners = await liveBlocksByKey(
    db,
    target.clientId,
    lost.map((item) => item.key),
  );

  const answered = new Set<string>();
  return entries.map((entry): ImportResult => {
    if (!entry.ok) return { name: entry.name, status: "invalid", message: entry.message };
    const key = entry.document.key.key;
    const made = created.get(key);
    if (made && !answered.has(key)) {
      answered.add(key);
      return { name: entry.name, status: "created", blockId: made.blockId, key };
    }
    const duplicateOf = made ? [made.blockId] : (earlier.get(key) ?? winners.get(key) ?? []);
    return { name: entry.name, status: "duplicate", key, duplicateOf, message: made ? m.repeated : m.duplicate };
  });
}
