import "server-only";
import type { BlockIdBody } from "@/lib/contract/blocks";
import type { HistoryEntry } from "@/lib/contract/history";
import { messages } from "@/lib/i18n/messages";
import { getDb, statementRows } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { clientsVisibleTo } from "@/server/policy/scopes";
import { entryOf } from "./entries";
import { historyStatement, type SourceRow } from "./sources";

/**
 * POST /api/block/history {blockId}: everything that happened to the block, oldest first. Office
 * operators who see the block's client (responsible, shared, the owner), the block devolved or undone
 * included; another office's or an unshared colleague's block is not found (404); a user of the client
 * company is refused (403: docs/decisions/0285-block-and-client-history.md). One lookup, then one
 * statement over the block's sources.
 */
export async function blockHistory({ actor, body }: { actor: Actor; body: BlockIdBody }): Promise<HistoryEntry[]> {
  const db = getDb();
  const block = await db.block.findFirst({
    where: { id: body.blockId, client: clientsVisibleTo(actor) },
    select: { client: { select: { id: true, officeId: true, responsibleOperatorId: true } } },
  });
  if (!block) throw new AppError("not_found", messages.blocks.notFound);
  if (!actor.accounting) throw new AppError("forbidden", messages.history.clientCompanyForbidden);
  assertCan(actor, "client.work", block.client);
  const { text, values } = historyStatement({ mode: "block", blockId: body.blockId });
  const rows = await statementRows<SourceRow>(db, text, values);
  return rows.map(entryOf);
}
