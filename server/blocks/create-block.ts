import "server-only";
import type { BlockCreateBody, SentBlock } from "@/lib/contract/business";
import { recordClientChange } from "@/server/audit/record-client-change";
import { getDb, type Db } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import type { EarlyWork } from "@/server/early-work";
import type { Actor, BusinessMembership } from "@/server/policy/actor";
import { insertPhotoDocuments, moveGalleryDocuments, placeEntries, resolveEntries, sendKeyOf } from "./block-entries";
import { companyMember } from "@/server/policy/company-member";
import { ingestPhotos } from "@/server/documents/ingest";
import { scheduleDocumentReads } from "@/server/documents/read-queue";
import { loadSentBlock } from "./sent-block";

async function findSend(db: Db, me: BusinessMembership, sendKey: string): Promise<number | null> {
  const block = await db.block.findFirst({
    where: { clientId: me.clientId, sendKey, sentById: me.operatorId, undoneAt: null },
    select: { id: true },
  });
  return block?.id ?? null;
}

/**
 * POST /api/block/create [{id, base64url} | {id}]: a new block of the caller's company from new photos
 * and gallery documents, uncategorised, sent by the caller. Idempotent: a send whose key (the caller and
 * its entries' ids, blocks.send_key) made a block already answers that block, without decoding anything
 * again (photos the route already decoded as they arrived, `early`, are dropped). Otherwise the photos are
 * ingested first (blobs written, no connection held), then ONE
 * transaction inserts the block (the unique (client_id, send_key) index settles two identical sends
 * racing: the loser rolls back and answers the winner's block), moves the gallery documents with a
 * conditional UPDATE, inserts the photos' rows, moves the client's modifiedAt and writes the audit
 * event. Any failure deletes the blobs this request wrote: a failed send leaves no row and no blob.
 */
export async function createBlock({
  actor,
  body,
  early,
}: {
  actor: Actor;
  body: BlockCreateBody;
  early?: EarlyWork;
}): Promise<SentBlock> {
  const me = companyMember(actor, "block.send");
  const db = getDb();
  const sendKey = sendKeyOf(me, body);
  const earlier = await findSend(db, me, sendKey);
  if (earlier !== null) return loadSentBlock(db, earlier, me.operatorId);

  const resolved = await resolveEntries(db, actor, me, body, (index) => String(index));
  const { galleryIds } = resolved;
  const ingested = await ingestPhotos(me.clientId, resolved.photos, early);
  // A PDF takes one place per page: the places follow once its pages are counted.
  const placed = placeEntries(body.length, resolved, ingested.photos);
  let blockId: number;
  let documentIds: number[] = [];
  try {
    blockId = await db.$transaction(async (tx) => {
      const now = new Date();
      const block = await tx.block.create({
        data: { clientId: me.clientId, sentById: me.operatorId, sentAt: now, createdAt: now, sendKey },
        select: { id: true },
      });
      await moveGalleryDocuments(tx, actor, block.id, galleryIds, placed.galleryPositions);
      documentIds = await insertPhotoDocuments(tx, me, block.id, placed.photos, now);
      await recordClientChange(tx, actor, me, now, {
        action: "block.create",
        targetType: "block",
        targetId: block.id,
        data: { documents: body.length, photos: ingested.photos.length, galleryDocuments: galleryIds },
      });
      return block.id;
    });
  } catch (error) {
    await ingested.discard();
    if (isUniqueViolation(error)) {
      const winner = await findSend(db, me, sendKey);
      if (winner !== null) return loadSentBlock(db, winner, me.operatorId);
    }
    throw error;
  }
  // Committed: the new documents' codes are read by the job, after this answer.
  scheduleDocumentReads(documentIds);
  return loadSentBlock(db, blockId, me.operatorId);
}
