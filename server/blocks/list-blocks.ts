import "server-only";
import {
  UNCATEGORIZED_KEY,
  type BlockListBody,
  type BlocksByMonth,
  type ClientBlocksAnswer,
} from "@/lib/contract/blocks";
import type { BusinessBlocksAnswer } from "@/lib/contract/business";
import { withAccountSuggestions } from "./account-suggestions";
import { businessListCaller, loadBusinessBlocks } from "./company-blocks";
import { getDb, statementRows } from "@/server/db/client";
import { loadSeenClient } from "@/server/accounts/client-accounts";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import {
  blockCountsSql,
  blockRowsSql,
  monthSql,
  monthValues,
  toLoaded,
  type BlockCounts,
  type BlockRow,
  type LoadedBlock,
  type MonthFilter,
} from "./rows";
import { messages } from "@/lib/i18n/messages";
import { AppError } from "@/server/errors";
import { clientScopeSql, clientScopeValues, paramScope } from "@/server/policy/scopes";

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

// The office's list in ONE statement: the client $1 through the tenant scope (the caller's memberships
// at $2 … $5), its two badge counts, its blocks (block_views of the operator $6), of the month at
// $7 … $12 when one is asked. No row: the client is not the caller's to see; one row with null block
// columns: no blocks.
function officeListSql(filter: string): string {
  return `
    SELECT c.id AS "clientId", c.office_id AS "officeId", c.responsible_operator_id AS "responsibleOperatorId",
           k."uncategorizedCount", k."uncontabilizedCount", rows.*
      FROM clients c
     CROSS JOIN LATERAL (${blockCountsSql("c.id")}) k
      LEFT JOIN LATERAL (${blockRowsSql({ client: "c.id", operator: "$6::int" }, filter)}) rows ON TRUE
     WHERE c.id = $1::int AND ${clientScopeSql(paramScope(2))}
     ORDER BY rows.ord`;
}

const OFFICE_LIST_SQL = { all: officeListSql(""), month: officeListSql(monthSql(7)) };

/** A row of the office's list: the client's columns and counts, and a block's (id null: no block). */
type ListRow = { clientId: number; officeId: number; responsibleOperatorId: number } & BlockCounts &
  Omit<BlockRow, "id"> & { id: number | null };

function monthOf(body: BlockListBody): MonthFilter | undefined {
  return body.year !== undefined && body.month !== undefined ? { year: body.year, month: body.month } : undefined;
}

/**
 * POST /api/block/list {clientId?, year?, month?}. Accounting variant: ONE SQL statement whatever the
 * number of blocks: the client through the tenant scope (404; a client the caller may not work 403), the
 * blocks (documents, viewed and open pendency folded in) and the two badge counts of the whole client.
 * With {year, month} only that month is read (its blocks by payment date, or by the São Paulo send date
 * while uncategorised); the answer has the same year → month → account shape with that one month in it.
 * Business variant (a company user, no clientId or its own): the same shape for its own company,
 * `viewed` always true, plus pendencyNumber (server/blocks/company-blocks.ts).
 */
export async function listBlocks({
  actor,
  body,
}: {
  actor: Actor;
  body: BlockListBody;
}): Promise<ClientBlocksAnswer | BusinessBlocksAnswer> {
  const month = monthOf(body);
  const business = businessListCaller(actor, body.clientId);
  if (business) {
    const { loaded, counts } = await loadBusinessBlocks(business, month);
    return { blocks: groupByMonth(loaded), ...counts };
  }
  const db = getDb();
  // No client named by a caller without a company: loadSeenClient's 400.
  const clientId = body.clientId ?? (await loadSeenClient(db, actor, undefined)).id;
  const head = [clientId, ...clientScopeValues(actor), actor.accounting?.operatorId ?? null];
  const rows = month
    ? await statementRows<ListRow>(db, OFFICE_LIST_SQL.month, [...head, ...monthValues(month)])
    : await statementRows<ListRow>(db, OFFICE_LIST_SQL.all, head);
  const first = rows[0];
  if (!first) throw new AppError("not_found", messages.office.notFound);
  assertCan(actor, "client.work", {
    id: first.clientId,
    officeId: first.officeId,
    responsibleOperatorId: first.responsibleOperatorId,
  });
  const loaded = rows.filter((row): row is ListRow & BlockRow => row.id !== null).map((row) => toLoaded(row));
  // Suggested for the blocks still to categorise (a month already posted costs no statement); the viewer
  // (document/block) suggests for a categorised one too.
  await withAccountSuggestions(
    db,
    { clientId: first.clientId, officeId: first.officeId },
    loaded.flatMap((one) => (one.block.accountId === null ? [one.block] : [])),
  );
  return {
    blocks: groupByMonth(loaded),
    uncategorizedCount: first.uncategorizedCount,
    uncontabilizedCount: first.uncontabilizedCount,
  };
}
