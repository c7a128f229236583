import "server-only";
import type { BlockIdBody } from "@/lib/contract/blocks";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import type { Actor } from "@/server/policy/actor";
import { loadWorkBlock } from "./access";
import { explainMissedWrite } from "./save-block";

export type DevolvedAnswer = { blockId: number; devolvedDatetime: string };

/**
 * POST /api/block/devolve {blockId}: gives a not-yet-contabilised block back to the client, for good.
 * In one transaction: one conditional UPDATE (not contabilised, not devolved, not undone) stamps
 * devolvedAt and bumps the version — of two parallel devolves exactly one finds the row, the other
 * answers 404 — then the block's documents get the same devolvedAt and lose any earlier restore (they
 * appear in the client's Devolvidos, dated by the return), its open pendencies are closed (solvedAt, no solver: nobody
 * answered them), the client's modifiedAt moves and the audit event is written.
 */
export async function devolveBlock({ actor, body }: { actor: Actor; body: BlockIdBody }): Promise<DevolvedAnswer> {
  return getDb().$transaction(async (tx) => {
    const block = await loadWorkBlock(tx, actor, body.blockId);
    if (block.contabilizedAt) throw new AppError("conflict", messages.blocks.contabilized);
    const now = new Date();
    const written = await tx.block.updateMany({
      where: { id: block.id, contabilizedAt: null, devolvedAt: null, undoneAt: null },
      // claimedById/claimedUntil: a devolved block's categorization claim (issue 9) is released with it.
      data: { devolvedAt: now, devolvedById: block.operator.operatorId, version: { increment: 1 }, claimedById: null, claimedUntil: null },
    });
    if (written.count === 0) await explainMissedWrite(tx, block.id);
    // restoredAt null: a document restored from an earlier return and sent again is returned anew (the
    // Devolvidos list, its restore and the deletion job all read an unrestored return).
    const documents = await tx.document.updateMany({ where: { blockId: block.id, deletedAt: null }, data: { devolvedAt: now, restoredAt: null } });
    const pendencies = await tx.pendency.updateMany({ where: { blockId: block.id, solvedAt: null }, data: { solvedAt: now } });
    await tx.client.update({ where: { id: block.clientId }, data: { modifiedAt: now } });
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        officeId: block.officeId,
        clientId: block.clientId,
        action: "block.devolve",
        targetType: "block",
        targetId: block.id,
        data: { documents: documents.count, closedPendencies: pendencies.count },
      },
      tx,
    );
    return { blockId: block.id, devolvedDatetime: now.toISOString() };
  });
}
