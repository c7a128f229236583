import "server-only";
import type { CategorizationClientBody, ToCategorizeAnswer } from "@/lib/contract/categorization";
import { messages } from "@/lib/i18n/messages";
import { busyHolder } from "@/server/blocks/busy";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { SCREEN, touchPresence } from "@/server/presence/screen-presence";
import type { Actor } from "@/server/policy/actor";
import { claimNext, loadCategorizationClient, loadQueueBlocks } from "./queue";

/**
 * POST /api/block/tocategorize {clientId}: the block to categorise and the one after it (prefetched by
 * the UI), both claimed for the caller, and the queue's count; block and next null when the queue has
 * nothing for the caller ('Não há blocos disponíveis para serem categorizados.').
 *
 * Asking for a block is being on the categorization screen: the caller's presence is recorded first, in
 * a transaction with the busy check, so that colleagues categorising beside it do not make it busy
 * (only another operator's contabilization lease does: 409 with the busy message, and the presence
 * is rolled back with it). Then one statement claims, and the two blocks are read in parallel.
 */
export async function toCategorize({ actor, body }: { actor: Actor; body: CategorizationClientBody }): Promise<ToCategorizeAnswer> {
  const db = getDb();
  const client = await loadCategorizationClient(db, actor, body.clientId);
  await db.$transaction(async (tx) => {
    await touchPresence(tx, { userId: actor.userId, clientId: client.id, screen: SCREEN.categorization });
    const holder = await busyHolder(tx, actor, client);
    if (holder) throw new AppError("conflict", messages.blocks.busy(holder), { details: { busy: holder } });
  });
  const operatorId = client.operator.operatorId;
  const { ids, count } = await claimNext(db, { clientId: client.id, operatorId });
  const blocks = await loadQueueBlocks(db, { clientId: client.id, operatorId, ids });
  return { block: blocks[0] ?? null, next: blocks[1] ?? null, uncategorizedCount: count };
}
