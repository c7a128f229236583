import "server-only";
import type { CategorizationClientBody, ToCategorizeAnswer } from "@/lib/contract/categorization";
import { messages } from "@/lib/i18n/messages";
import { getDb } from "@/server/db/client";
import { signDocumentUrl } from "@/server/documents/signed-url";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { withAccountSuggestions } from "@/server/blocks/account-suggestions";
import { claimBlocks, loadCategorizationClient } from "./queue";

/**
 * POST /api/block/tocategorize {clientId}: the block to categorise and the one after it (prefetched by
 * the UI), both claimed for the caller, and the queue's count; block and next null when the queue has
 * nothing for the caller ('Não há blocos disponíveis para serem categorizados.'), then with `heldBy`, the
 * colleagues whose claims hold what the count still counts.
 *
 * Asking for a block is being on the categorization screen: the caller's presence is recorded by the
 * claim's statement, so that colleagues categorising beside it do not make it busy (only another
 * operator's contabilization lease does: 409 with the busy message, and then nothing is written).
 * The claim is one statement (claimBlocks: its queue lock, the client's scope, lease check, presence,
 * claim, count, suggestions and the claimed blocks themselves).
 */
export async function toCategorize({
  actor,
  body,
}: {
  actor: Actor;
  body: CategorizationClientBody;
}): Promise<ToCategorizeAnswer> {
  const operator = actor.accounting;
  if (!operator) return refuse(actor, body.clientId);
  const claimed = await claimBlocks(actor, operator, body.clientId);
  if (!claimed.seen) return refuse(actor, body.clientId);
  if (claimed.busy)
    throw new AppError("conflict", messages.blocks.busy(claimed.busy), { details: { busy: claimed.busy } });
  await withAccountSuggestions(getDb(), { clientId: body.clientId, officeId: operator.officeId }, claimed.blocks);
  const [block = null, next = null] = claimed.blocks;
  const heldBy = claimed.holders.map(({ name, pictureKey }) => ({
    name,
    pictureUrl: pictureKey ? signDocumentUrl(pictureKey) : null,
  }));
  return { block, next, uncategorizedCount: claimed.count, heldBy };
}

// A client the caller may not work (nothing was written): the scope check says which refusal — not
// found (another office's, or not the caller's), or 403 (the caller's own company's).
async function refuse(actor: Actor, clientId: number): Promise<never> {
  await loadCategorizationClient(getDb(), actor, clientId);
  throw new AppError("not_found", messages.office.notFound);
}
