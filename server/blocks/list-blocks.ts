import "server-only";
import { UNCATEGORIZED_KEY, type BlockListBody, type BlocksByMonth, type ClientBlocksAnswer } from "@/lib/contract/blocks";
import type { BusinessBlocksAnswer } from "@/lib/contract/business";
import { businessListCaller, loadBusinessBlocks } from "@/server/business-reads/business-blocks";
import { getDb } from "@/server/db/client";
import { loadSeenClient } from "@/server/accounts/client-accounts";
import type { Actor, AccountingMembership } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { loadBlockCounts, loadBlockRows, type LoadedBlock } from "./rows";

/** year → month → account id (or UNCATEGORIZED_KEY) → blocks, keeping the rows' order (newest first). */
export function groupByMonth(loaded: readonly LoadedBlock[]): BlocksByMonth {
  const map: BlocksByMonth = {};
  for (const { block, year, month } of loaded) {
    const months = (map[String(year)] ??= {});
    const accounts = (months[String(month)] ??= {});
    (accounts[block.accountId === null ? UNCATEGORIZED_KEY : String(block.accountId)] ??= []).push(block);
  }
  return map;
}

/**
 * POST /api/block/list {clientId?, year?, month?}. Accounting variant: three SQL statements whatever
 * the number of blocks: the client through the tenant scope, the blocks (documents, viewed and open
 * pendency folded in), and the two badge counts of the whole client. With {year, month} only that
 * month is read (its blocks by payment date, or by the São Paulo send date while uncategorised); the
 * answer has the same year → month → account shape with that one month in it. Business variant (issue
 * 8: a company user, no clientId or its own): the same shape for its own company, `viewed` always true,
 * plus pendencyNumber (server/business-reads/business-blocks.ts).
 */
export async function listBlocks({ actor, body }: { actor: Actor; body: BlockListBody }): Promise<ClientBlocksAnswer | BusinessBlocksAnswer> {
  const month = body.year !== undefined && body.month !== undefined ? { year: body.year, month: body.month } : undefined;
  const business = businessListCaller(actor, body.clientId);
  if (business) {
    const { loaded, counts } = await loadBusinessBlocks(business, month);
    return { blocks: groupByMonth(loaded), ...counts };
  }
  const db = getDb();
  const client = await loadSeenClient(db, actor, body.clientId);
  assertCan(actor, "client.work", client);
  const operatorId = (actor.accounting as AccountingMembership).operatorId;
  const [loaded, counts] = await Promise.all([
    loadBlockRows(db, { clientId: client.id, operatorId, month }),
    loadBlockCounts(db, client.id),
  ]);
  return { blocks: groupByMonth(loaded), ...counts };
}
