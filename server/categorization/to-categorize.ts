import "server-only";
import type { CategorizationClientBody, ToCategorizeAnswer } from "@/lib/contract/categorization";
import { messages } from "@/lib/i18n/messages";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import type { Actor } from "@/server/policy/actor";
import { claimNext, loadCategorizationClient, loadQueueBlocks, lockOperatorQueue } from "./queue";

/**
 * POST /api/block/tocategorize {clientId}: the block to categorise and the one after it (prefetched by
 * the UI), both claimed for the caller, and the queue's count; block and next null when the queue has
 * nothing for the caller ('Não há blocos disponíveis para serem categorizados.').
 *
 * Asking for a block is being on the categorization screen: the caller's presence is recorded by the
 * claim's statement, so that colleagues categorising beside it do not make it busy (only another
 * operator's contabilization lease does: 409 with the busy message, and then nothing is written).
 * After the client's scope check: one statement (lease check, presence, claim, count, suggestions),
 * then the two blocks read in parallel.
 */
export async function toCategorize({ actor, body }: { actor: Actor; body: CategorizationClientBody }): Promise<ToCategorizeAnswer> {
  const db = getDb();
  const client = await loadCategorizationClient(db, actor, body.clientId);
  const operatorId = client.operator.operatorId;
  const claimed = await db.$transaction(async (tx) => {
    await lockOperatorQueue(tx, operatorId);
    return claimNext(tx, { clientId: client.id, operatorId, userId: actor.userId });
  });
  if (claimed.busy) throw new AppError("conflict", messages.blocks.busy(claimed.busy), { details: { busy: claimed.busy } });
  const blocks = await loadQueueBlocks(db, { clientId: client.id, operatorId, ids: claimed.ids, suggestions: claimed.suggestions });
  return { block: blocks[0] ?? null, next: blocks[1] ?? null, uncategorizedCount: claimed.count };
}
