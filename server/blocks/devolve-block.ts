import "server-only";
import type { BlockDevolveBody } from "@/lib/contract/blocks";
import { messages } from "@/lib/i18n/messages";
import { recordClientChange } from "@/server/audit/record-client-change";
import { getDb, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { blocksVisibleTo } from "@/server/policy/scopes";
import { loadWorkBlock } from "./access";
import { explainMissedWrite } from "./save-block";
import { scheduleDelivery } from "@/server/mail/deliver";
import { notifyReturned } from "@/server/notifications/notify-block";

export type DevolvedAnswer = { blockId: number; devolvedDatetime: string };

/**
 * The answer of a devolve the caller already made (a double click, a retry whose first answer was lost):
 * the block, in the caller's scope, devolved by the caller. Anything else (never devolved, devolved by a
 * colleague, another office's) is null and the call answers as before (decisions/0021).
 */
async function ownDevolve(tx: Tx, actor: Actor, blockId: number): Promise<DevolvedAnswer | null> {
  const operatorId = actor.accounting?.operatorId;
  if (operatorId === undefined) return null;
  const done = await tx.block.findFirst({
    where: { AND: [{ id: blockId, devolvedById: operatorId, devolvedAt: { not: null } }, blocksVisibleTo(actor)] },
    select: { id: true, devolvedAt: true },
  });
  return done ? { blockId: done.id, devolvedDatetime: (done.devolvedAt as Date).toISOString() } : null;
}

/**
 * POST /api/block/devolve {blockId, reason?}: gives a not-yet-contabilised block back to the client, for good.
 * In one transaction: one conditional UPDATE (not contabilised, not devolved, not undone) stamps
 * devolvedAt and bumps the version — of two parallel devolves exactly one finds the row, the other
 * answers 404 — then the block's documents get the same devolvedAt and lose any earlier restore (they
 * appear in the client's Devolvidos, dated by the return), its open pendencies are closed (solvedAt, no solver: nobody
 * answered them), the client's modifiedAt moves and the audit event is written. The optional reason
 * (trimmed, at most 500 characters, '' is none) is kept on the block for the client's Devolvidos.
 * Sent again by the operator who devolved it (a double click, a retry), it answers as done: 200 with
 * the first devolve's answer, nothing written (ownDevolve). The company's users are told by e-mail,
 * with the documents' deadline, in the same transaction (notifyReturned), sent after the commit.
 */
export async function devolveBlock({ actor, body }: { actor: Actor; body: BlockDevolveBody }): Promise<DevolvedAnswer> {
  let mailed = 0;
  const answered = await getDb().$transaction(async (tx) => {
    const already = await ownDevolve(tx, actor, body.blockId);
    if (already) return already;
    const block = await loadWorkBlock(tx, actor, body.blockId);
    if (block.contabilizedAt) throw new AppError("conflict", messages.blocks.contabilized);
    const now = new Date();
    const written = await tx.block.updateMany({
      where: { id: block.id, contabilizedAt: null, devolvedAt: null, undoneAt: null },
      // claimedById/claimedUntil: a devolved block's categorization claim is released with it.
      data: {
        devolvedAt: now,
        devolvedById: block.operator.operatorId,
        devolveReason: body.reason || null,
        version: { increment: 1 },
        claimedById: null,
        claimedUntil: null,
      },
    });
    if (written.count === 0) return (await ownDevolve(tx, actor, block.id)) ?? explainMissedWrite(tx, block.id);
    // restoredAt null: a document restored from an earlier return and sent again is returned anew (the
    // Devolvidos list, its restore and the deletion job all read an unrestored return).
    const documents = await tx.document.updateMany({
      where: { blockId: block.id, deletedAt: null },
      data: { devolvedAt: now, restoredAt: null },
    });
    const pendencies = await tx.pendency.updateMany({
      where: { blockId: block.id, solvedAt: null },
      data: { solvedAt: now },
    });
    await recordClientChange(tx, actor, block, now, {
      action: "block.devolve",
      targetType: "block",
      targetId: block.id,
      data: {
        documents: documents.count,
        closedPendencies: pendencies.count,
        reason: body.reason ? body.reason.length : 0,
      },
    });
    mailed = await notifyReturned(tx, { id: block.id, devolvedAt: now, reason: body.reason || null });
    return { blockId: block.id, devolvedDatetime: now.toISOString() };
  });
  if (mailed > 0) scheduleDelivery();
  return answered;
}
