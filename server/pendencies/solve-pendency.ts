import "server-only";
import { MAX_BLOCK_IMAGES } from "@/lib/constants";
import { isNewPhoto, type PendencySolveBody, type pendencySolveAnswer } from "@/lib/contract/business";
import type { z } from "@/lib/contract/zod";
import { messages } from "@/lib/i18n/messages";
import { recordClientChange } from "@/server/audit/record-client-change";
import { getDb, type Db, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { EarlyWork } from "@/server/early-work";
import type { Actor, BusinessMembership } from "@/server/policy/actor";
import { companyPendenciesOf } from "@/server/policy/scopes";
import {
  blockEntryCount,
  insertPhotoDocuments,
  moveGalleryDocuments,
  placeEntries,
  resolveEntries,
} from "@/server/blocks/block-entries";
import { companyMember } from "@/server/policy/company-member";
import { ingestPhotos } from "@/server/documents/ingest";
import { scheduleDocumentReads } from "@/server/documents/read-queue";

type SolveAnswer = z.infer<typeof pendencySolveAnswer>;
const { api } = messages.business;

const openCount = (db: Db | Tx, actor: Actor) =>
  db.pendency.count({ where: { AND: [companyPendenciesOf(actor), { solvedAt: null }] } });

const answered = async (db: Db, actor: Actor, pendency: { id: number; blockId: number }): Promise<SolveAnswer> => ({
  pendencyId: pendency.id,
  blockId: pendency.blockId,
  pendencyNumber: await openCount(db, actor),
});

/** The block's document count after the change must stay within 1..13 (400 otherwise). */
function assertDocumentCount(count: number): void {
  if (count < 1) throw new AppError("invalid_input", api.emptyBlock);
  if (count > MAX_BLOCK_IMAGES) throw new AppError("invalid_input", api.tooManyImages);
}

/**
 * A solve sent again after it went through (its answer lost): the pendency was solved by the caller and
 * every new photo of the body is already a document of the block. Answered like the first time, nothing
 * written. A solve with no new photo cannot be told from a second solve: 404 like any solved pendency.
 */
async function isReplay(
  db: Db,
  me: BusinessMembership,
  pendency: { blockId: number; solvedById: number | null },
  body: PendencySolveBody,
) {
  const refs = body.documents.filter(isNewPhoto).map((entry) => entry.id);
  if (refs.length === 0 || pendency.solvedById !== me.operatorId) return false;
  const found = await db.document.count({
    where: { clientId: me.clientId, blockId: pendency.blockId, clientRef: { in: refs } },
  });
  return found === refs.length;
}

/**
 * Takes the removed documents out of the block, back to their uploader's gallery (the caller's when the
 * uploader is gone) as rescued.
 */
async function takeOut(tx: Tx, me: BusinessMembership, blockId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const taken = await tx.document.updateMany({
    where: { id: { in: [...ids] }, blockId, deletedAt: null },
    data: { blockId: null, rescued: true },
  });
  if (taken.count !== ids.length) throw new AppError("not_found", api.removedNotInBlock);
  await tx.document.updateMany({
    where: { id: { in: [...ids] }, uploadedById: null },
    data: { uploadedById: me.operatorId },
  });
}

/**
 * The documents to take out: those asked for, and every other page of a PDF one of them is a page of
 * (a PDF is one entry of the block: it leaves whole).
 */
async function withPdfPages(
  db: Db,
  blockId: number,
  asked: number[],
  found: { sourceKey: string | null; sourcePage: number | null }[],
): Promise<number[]> {
  const pdfs = found.filter((doc) => doc.sourcePage !== null && doc.sourceKey).map((doc) => doc.sourceKey!);
  if (pdfs.length === 0) return asked;
  const pages = await db.document.findMany({
    where: { blockId, deletedAt: null, sourceKey: { in: pdfs }, sourcePage: { not: null } },
    select: { id: true },
  });
  return [...new Set([...asked, ...pages.map((page) => page.id)])];
}

type Requeued = { accountId: number | null; paymentDate: Date | null; valueCents: bigint | null };

/**
 * Back to the office's categorization queue: uncategorised again, what it had (account, date, value)
 * kept as the suggestion (an earlier suggestion stays where the block had nothing), version bumped. One
 * UPDATE on the live, not contabilised block, which also locks it for the rest of the transaction.
 */
async function requeue(tx: Tx, blockId: number): Promise<Requeued> {
  const [row] = await tx.$queryRaw<Requeued[]>`
    UPDATE blocks AS b
       SET suggested_account_id = COALESCE(old.account_id, old.suggested_account_id),
           suggested_payment_date = COALESCE(old.payment_date, old.suggested_payment_date),
           suggested_value_cents = COALESCE(old.value_cents, old.suggested_value_cents),
           account_id = NULL, payment_date = NULL, value_cents = NULL, categorized_by_id = NULL, categorized_at = NULL,
           version = b.version + 1, updated_at = now()
      FROM (SELECT id, account_id, payment_date, value_cents, suggested_account_id, suggested_payment_date,
        suggested_value_cents
              FROM blocks WHERE id = ${blockId} FOR UPDATE) AS old
     WHERE b.id = old.id AND b.undone_at IS NULL AND b.devolved_at IS NULL AND b.contabilized_at IS NULL
 RETURNING old.account_id AS "accountId", old.payment_date AS "paymentDate", old.value_cents AS "valueCents"`;
  if (row) return row;
  const block = await tx.block.findUnique({ where: { id: blockId }, select: { contabilizedAt: true } });
  if (block?.contabilizedAt) throw new AppError("conflict", messages.blocks.contabilized);
  throw new AppError("not_found", api.pendencyNotFound);
}

/** The pendency the operator's latest /api/pendency/tosolve answered: 404 when it answered none. */
async function shownPendency(db: Db, me: BusinessMembership): Promise<number> {
  const row = await db.clientOperator.findUnique({ where: { id: me.operatorId }, select: { shownPendencyId: true } });
  if (row?.shownPendencyId == null) throw new AppError("not_found", api.noShownPendency);
  return row.shownPendencyId;
}

/**
 * POST /api/pendency/solve {pendencyId?, documents?, removedDocuments?} (pendencyId: see shownPendency): the
 * company answers an open
 * pendency by changing its block's documents — new photos (ingested like a send), gallery documents
 * moved in, documents of the block taken out (back to their uploader's gallery as rescued) — or by
 * changing nothing (the screen confirms first). The block keeps 1 to 13 documents. Another company's,
 * an unknown or an already solved pendency is 404 'Pendência não encontrada ou já resolvida.' (a
 * retry of a solve that went through, or one racing it, answers as the first time: isReplay). Checks that need no image
 * run first; then the photos are ingested (no connection held); then ONE transaction: the pendency
 * closed by a conditional UPDATE (of two parallel solves one wins, the other is 404 and its pictures
 * are deleted), the block back in the categorization queue (requeue), the documents moved, the count
 * re-checked, the client's modifiedAt, the audit event, and the new open count for the answer.
 */
export async function solvePendency({
  actor,
  body,
  early,
}: {
  actor: Actor;
  body: PendencySolveBody;
  early?: EarlyWork;
}): Promise<SolveAnswer> {
  const me = companyMember(actor, "pendency.solve");
  const db = getDb();
  const pendencyId = body.pendencyId ?? (await shownPendency(db, me));
  // Solving "the pendency on my screen" (no id) when it is closed meanwhile is a conflict, not a miss.
  const closed = () =>
    body.pendencyId === undefined
      ? new AppError("conflict", api.shownPendencySolved)
      : new AppError("not_found", api.pendencyNotFound);
  const pendency = await db.pendency.findFirst({
    where: { AND: [{ id: pendencyId }, companyPendenciesOf(actor)] },
    select: { id: true, blockId: true, solvedAt: true, solvedById: true },
  });
  if (!pendency) throw new AppError("not_found", api.pendencyNotFound);
  if (pendency.solvedAt) {
    if (await isReplay(db, me, pendency, body)) return answered(db, actor, pendency);
    throw closed();
  }
  const asked = [...new Set(body.removedDocuments)];
  if (asked.length !== body.removedDocuments.length) throw new AppError("invalid_input", messages.validation.invalidId);
  const removable = await db.document.findMany({
    where: { blockId: pendency.blockId, deletedAt: null, id: { in: asked } },
    select: { sourceKey: true, sourcePage: true },
  });
  if (removable.length !== asked.length) throw new AppError("not_found", api.removedNotInBlock);
  const removed = await withPdfPages(db, pendency.blockId, asked, removable);
  const resolved = await resolveEntries(db, actor, me, body.documents, (index) => `documents.${index}`);
  const { photos, galleryIds } = resolved;
  // A PDF sent before and back whole counts once: its entries are the body's.
  const added = photos.length + new Set(resolved.galleryPositions).size;
  assertDocumentCount((await blockEntryCount(db, pendency.blockId, removed)) + added);

  const ingested = await ingestPhotos(me.clientId, photos, early);
  const placed = placeEntries(body.documents.length, resolved, ingested.photos);
  let solved: { answer: SolveAnswer; documentIds: number[] };
  try {
    solved = await db.$transaction(async (tx) => {
      const now = new Date();
      // The block's row first: every write path locks block, counts, client in that order (the
      // pendency's update below locks the client's counts row: migration 20261128102000).
      await tx.$queryRaw`SELECT 1 FROM blocks WHERE id = ${pendency.blockId} FOR UPDATE`;
      const solved = await tx.pendency.updateMany({
        where: { AND: [companyPendenciesOf(actor)], id: pendency.id, solvedAt: null },
        data: { solvedAt: now, solvedById: me.operatorId },
      });
      if (solved.count === 0) throw closed();
      const before = await requeue(tx, pendency.blockId);
      await takeOut(tx, me, pendency.blockId, removed);
      // What is added goes after what stays, in the order sent; removals leave gaps (decisions/0020).
      const last = await tx.document.aggregate({
        where: { blockId: pendency.blockId, deletedAt: null },
        _max: { position: true },
      });
      const offset = last._max.position ?? 0;
      await moveGalleryDocuments(tx, actor, pendency.blockId, galleryIds, placed.galleryPositions, offset);
      const documentIds = await insertPhotoDocuments(tx, me, pendency.blockId, placed.photos, now, offset);
      assertDocumentCount(await blockEntryCount(tx, pendency.blockId));
      await recordClientChange(tx, actor, me, now, {
        action: "pendency.solve",
        targetType: "pendency",
        targetId: pendency.id,
        data: {
          blockId: pendency.blockId,
          photos: ingested.photos.length,
          galleryDocuments: galleryIds,
          removedDocuments: removed,
          suggestion: { ...before, valueCents: before.valueCents?.toString() ?? null },
        },
      });
      const answer = { pendencyId: pendency.id, blockId: pendency.blockId, pendencyNumber: await openCount(tx, actor) };
      return { answer, documentIds };
    });
  } catch (error) {
    await ingested.discard();
    // An identical solve racing this one won while this one ingested: the same answer, its pictures gone.
    if (error instanceof AppError && error.message === api.pendencyNotFound) {
      const settled = await db.pendency.findUnique({
        where: { id: pendency.id },
        select: { blockId: true, solvedById: true, solvedAt: true },
      });
      if (settled?.solvedAt && (await isReplay(db, me, settled, body))) return answered(db, actor, pendency);
    }
    throw error;
  }
  // Committed (outside the try: nothing after the commit may discard its pictures): the new photos'
  // codes are read by the job, after this answer.
  scheduleDocumentReads(solved.documentIds);
  return solved.answer;
}
