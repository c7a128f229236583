import "server-only";
import { UNCATEGORIZED_KEY, type BlockListBody, type BlocksByMonth, type ClientBlocksAnswer } from "@/lib/contract/blocks";
import type { BusinessBlocksAnswer } from "@/lib/contract/business";
import { businessCountsSql, businessListCaller, loadBusinessBlocks, NO_OPERATOR, type BusinessCounts } from "@/server/business-reads/business-blocks";
import { getDb } from "@/server/db/client";
import { loadSeenClient, type SeenClient } from "@/server/accounts/client-accounts";
import type { Actor, AccountingMembership } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { blockCountsSql, blockRowsSql, loadBlockCounts, loadBlockRows, monthSql, monthValues, toLoaded, type BlockRow, type LoadedBlock, type MonthFilter } from "./rows";
import { messages } from "@/lib/i18n/messages";
import { ACTOR_SCOPE, withActorSql } from "@/server/auth/load-actor";
import type { ActorRead } from "@/server/auth/authenticate";
import { AppError } from "@/server/http/errors";
import { clientScopeSql } from "@/server/policy/scopes";

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

// The list beside the actor load (withActorSql: user $1, session $2), month at $4 … $9 (office) or
// $3 … $8 (company). Office: the client through the tenant scope ($3), its two counts, its blocks.
// Company: the caller's own company (an active membership), its three counts, its blocks. No row: the
// client is not the caller's to see; one row with null block columns: no blocks.
function officeListSql(filter: string): string {
  return withActorSql(
    `SELECT c.id AS "clientId", c.office_id AS "officeId", c.responsible_operator_id AS "responsibleOperatorId",
            k."uncategorizedCount", k."uncontabilizedCount", rows.*
       FROM clients c
       CROSS JOIN LATERAL (${blockCountsSql("c.id")}) k
       LEFT JOIN LATERAL (${blockRowsSql({ client: "c.id", operator: "actor.acc_id" }, filter)}) rows ON TRUE
      WHERE c.id = $3::int AND ${clientScopeSql(ACTOR_SCOPE)}`,
    "ord",
  );
}

function companyListSql(filter: string): string {
  return withActorSql(
    `SELECT c.id AS "clientId", k."uncategorizedCount", k."uncontabilizedCount", k."pendencyNumber", rows.*
       FROM (SELECT ${ACTOR_SCOPE.company} AS id) c
       CROSS JOIN LATERAL (${businessCountsSql("c.id")}) k
       LEFT JOIN LATERAL (${blockRowsSql({ client: "c.id", operator: String(NO_OPERATOR) }, filter)}) rows ON TRUE
      WHERE c.id IS NOT NULL`,
    "ord",
  );
}

const LIST_SQL = {
  officeAll: officeListSql(""),
  officeMonth: officeListSql(monthSql(4)),
  companyAll: companyListSql(""),
  companyMonth: companyListSql(monthSql(3)),
};

function monthOf(body: BlockListBody): MonthFilter | undefined {
  return body.year !== undefined && body.month !== undefined ? { year: body.year, month: body.month } : undefined;
}

/** POST /api/block/list's read beside the actor load: the office's variant when a client is named. */
export function blockListRead(body: BlockListBody): ActorRead {
  const month = monthOf(body);
  const period = month ? monthValues(month) : [];
  if (body.clientId !== undefined) {
    return month
      ? { name: "actor_block_list_office_month", sql: LIST_SQL.officeMonth, values: [body.clientId, ...period], key: "clientId" }
      : { name: "actor_block_list_office", sql: LIST_SQL.officeAll, values: [body.clientId], key: "clientId" };
  }
  return month
    ? { name: "actor_block_list_company_month", sql: LIST_SQL.companyMonth, values: period, key: "clientId" }
    : { name: "actor_block_list_company", sql: LIST_SQL.companyAll, values: [], key: "clientId" };
}

type ListRow = BlockRow & SeenClient & BusinessCounts & { clientId: number };

/** The answer from blockListRead's rows, or null when the caller turned out to need the other variant. */
function answerFromRead(actor: Actor, body: BlockListBody, rows: ListRow[]): ClientBlocksAnswer | BusinessBlocksAnswer | null {
  const business = businessListCaller(actor, body.clientId);
  if ((body.clientId === undefined) !== (business !== null)) return null;
  const first = rows[0];
  if (!first) {
    if (business) return null; // no active company after all: the usual path says why
    throw new AppError("not_found", messages.office.notFound);
  }
  if (!business) assertCan(actor, "client.work", { id: first.clientId, officeId: first.officeId, responsibleOperatorId: first.responsibleOperatorId });
  const loaded = rows.filter((row) => row.id !== null).map(toLoaded);
  if (business) for (const { block } of loaded) block.viewed = true;
  const counts = { uncategorizedCount: first.uncategorizedCount, uncontabilizedCount: first.uncontabilizedCount };
  return { blocks: groupByMonth(loaded), ...counts, ...(business ? { pendencyNumber: first.pendencyNumber } : {}) };
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
export async function listBlocks({ actor, body, rows }: { actor: Actor; body: BlockListBody; rows?: unknown[] }): Promise<ClientBlocksAnswer | BusinessBlocksAnswer> {
  const fast = rows ? answerFromRead(actor, body, rows as ListRow[]) : null;
  if (fast) return fast;
  const month = monthOf(body);
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
