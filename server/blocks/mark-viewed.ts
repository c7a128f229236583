import "server-only";
import type { BlockIdBody } from "@/lib/contract/blocks";
import { getDb } from "@/server/db/client";
import type { Actor } from "@/server/policy/actor";
import { loadWorkBlock } from "./access";

export type BlockViewedAnswer = { blockId: number; viewed: true };

/**
 * POST /api/block/viewed {blockId}: the caller (an accounting operator) has opened the block. An
 * INSERT … ON CONFLICT DO NOTHING: idempotent, and two tabs marking at once never collide. Not
 * audited (a read, not a change of the books).
 */
export async function markViewed({ actor, body }: { actor: Actor; body: BlockIdBody }): Promise<BlockViewedAnswer> {
  const db = getDb();
  const block = await loadWorkBlock(db, actor, body.blockId);
  await db.$executeRaw`
    INSERT INTO block_views (block_id, operator_id, viewed_at) VALUES (${block.id}, ${block.operator.operatorId}, now())
    ON CONFLICT (block_id, operator_id) DO NOTHING`;
  return { blockId: block.id, viewed: true };
}
