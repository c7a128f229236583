import "server-only";
import type { DuplicateDismissAnswer, DuplicateDismissBody } from "@/lib/contract/blocks";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { loadWorkBlock } from "./access";

/**
 * POST /api/block/duplicate/dismiss {blockId, otherBlockId}: 'Não é duplicado' — the office operator
 * says the two blocks are not the same payment, and neither reading lists the other again
 * (docs/decisions/0302-duplicate-dismissal.md). The first block is checked as every office write's
 * (loadWorkBlock: another office's or an unshared colleague's 404, the client company 403); the other
 * must be a block of the same client (404 otherwise). One row per pair (the smaller id first), INSERT …
 * ON CONFLICT DO NOTHING: a repeat, in either order, answers the same and writes nothing more. The first
 * dismissal is audited in the same transaction.
 */
export async function dismissDuplicate({
  actor,
  body,
}: {
  actor: Actor;
  body: DuplicateDismissBody;
}): Promise<DuplicateDismissAnswer> {
  return getDb().$transaction(async (tx) => {
    const block = await loadWorkBlock(tx, actor, body.blockId);
    const other = await tx.block.findFirst({
      where: { id: body.otherBlockId, clientId: block.clientId },
      select: { id: true },
    });
    if (!other) throw new AppError("not_found", messages.blocks.notFound);
    const [low, high] = block.id < other.id ? [block.id, other.id] : [other.id, block.id];
    const inserted = await tx.$executeRaw`
      INSERT INTO block_duplicate_dismissals (block_id, other_block_id, dismissed_by_id)
      VALUES (${low}, ${high}, ${block.operator.operatorId})
      ON CONFLICT (block_id, other_block_id) DO NOTHING`;
    if (inserted > 0) {
      await writeAuditEvent(
        {
          actorUserId: actor.userId,
          officeId: block.officeId,
          clientId: block.clientId,
          action: "block.duplicate_dismiss",
          targetType: "block",
          targetId: block.id,
          data: { otherBlockId: other.id },
        },
        tx,
      );
    }
    return { blockId: block.id, otherBlockId: other.id, dismissed: true };
  });
}
