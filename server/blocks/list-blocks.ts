import "server-only";
import {
  UNCATEGORIZED_KEY,
  type BlockListBody,
  type BlocksByMonth,
  type ClientBlocksAnswer,
} from "@/lib/contract/blocks";
import type { BusinessBlocksAnswer } from "@/lib/contract/business";
import {
  businessCountsSql,
  businessListCaller,
  loadBusinessBlocks,
  NO_OPERATOR,
  type BusinessCounts,
} from "./company-blocks";
import { getDb } from "@/server/db/client";
import { loadSeenClient, type SeenClient } from "@/server/accounts/client-accounts";
import type { Actor, AccountingMembership } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import {
  blockCountsSql,
  blockRowsSql,
  loadBlockCounts,
  loadBlockRows,
  monthSql,
  monthValues,
  toLoaded,
  type BlockRow,
  type LoadedBlock,
  type MonthFilter,
} from "./rows";
import { messages } from "@/lib/i18n/messages";
import { ACTOR_SCOPE, withActorSql } from "@/server/auth/load-actor";
import type { ActorRead } from "@/server/auth/authenticate";
import { AppError } from "@/server/errors";
import { clientScopeSql } from "@/server/policy/scopes";
import { listLinkExpiry } from "@/server/documents/signed-url";
import { JsonText, toJson } from "@/server/http/respond";
import { heldMonth, keepMonth, keptText, monthKey, type HeldMonth } from "./month-cache";

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
// client is not the caller's to see; one row with null block columns: no blocks. Every variant returns
// the client's data version; a month variant takes, after the month, the version of a list this process
// holds and whom it was read for ($10, $11 office; $9, $10 company: null when it holds none), and reads
// no block while both still hold (month-cache.ts).
type Held = { version: string; who: string };

/**
 * The blocks' filter, and while a list held is still the client's (its version, read as `dv.v`, and
 * the operator or company it was read for, `current`) a condition of no block column: PostgreSQL
 * tests it once, before the scan (a One-Time Filter), and reads no block.
 */
function unlessHeld(filter: string, held: Held | null, current: string): string {
  if (!held) return filter;
  return `${filter}
       AND (${held.version} IS NULL OR dv.v IS DISTINCT FROM ${held.version} OR ${current} IS DISTINCT FROM ${held.who})`;
}

const DATA_VERSION_JOIN = `LEFT JOIN LATERAL (SELECT v.data_version::text AS v FROM client_block_counts v WHERE v.client_id = c.id) dv ON TRUE`;

function officeListSql(filter: string, held: Held | null): string {
  return withActorSql(
    `SELECT c.id AS "clientId", c.office_id AS "officeId", c.responsible_operator_id AS "responsibleOperatorId",
            k."uncategorizedCount", k."uncontabilizedCount", dv.v AS "dataVersion", rows.*
       FROM clients c
       CROSS JOIN LATERAL (${blockCountsSql("c.id")}) k
       ${DATA_VERSION_JOIN}
       LEFT JOIN LATERAL (${blockRowsSql({ client: "c.id", operator: "actor.acc_id" }, unlessHeld(filter, held, "actor.acc_id"))}) rows ON TRUE
      WHERE c.id = $3::int AND ${clientScopeSql(ACTOR_SCOPE)}`,
    "ord",
  );
}

function companyListSql(filter: string, held: Held | null): string {
  return withActorSql(
    `SELECT c.id AS "clientId", k."uncategorizedCount", k."uncontabilizedCount", k."pendencyNumber", dv.v AS "dataVersion", rows.*
       FROM (SELECT ${ACTOR_SCOPE.company} AS id) c
       CROSS JOIN LATERAL (${businessCountsSql("c.id")}) k
       ${DATA_VERSION_JOIN}
       LEFT JOIN LATERAL (${blockRowsSql({ client: "c.id", operator: String(NO_OPERATOR) }, unlessHeld(filter, held, "c.id"))}) rows ON TRUE
      WHERE c.id IS NOT NULL`,
    "ord",
  );
}

const LIST_SQL = {
  officeAll: officeListSql("", null),
  officeMonth: officeListSql(monthSql(4), { version: "$10::text", who: "$11::int" }),
  companyAll: companyListSql("", null),
  companyMonth: companyListSql(monthSql(3), { version: "$9::text", who: "$10::int" }),
};

function monthOf(body: BlockListBody): MonthFilter | undefined {
  return body.year !== undefined && body.month !== undefined ? { year: body.year, month: body.month } : undefined;
}

/**
 * POST /api/block/list's read beside the actor load: the office's variant when a client is named. A
 * month read sends the version of the list this process holds for the caller (month-cache.ts), handed
 * to listBlocks as the read's `held`.
 */
export function blockListRead(body: BlockListBody, claims: { userId: number }): ActorRead {
  const month = monthOf(body);
  if (!month) {
    return body.clientId !== undefined
      ? { name: "actor_block_list_office", sql: LIST_SQL.officeAll, values: [body.clientId], key: "clientId" }
      : { name: "actor_block_list_company", sql: LIST_SQL.companyAll, values: [], key: "clientId" };
  }
  const key = monthKey(claims.userId, body.clientId, month);
  const held = heldMonth(key);
  const check = [held?.version ?? null, held?.who ?? null];
  const kept: HeldRead = { key, held, linkExpiry: listLinkExpiry() };
  return body.clientId !== undefined
    ? {
        name: "actor_block_list_office_month",
        sql: LIST_SQL.officeMonth,
        values: [body.clientId, ...monthValues(month), ...check],
        key: "clientId",
        held: kept,
      }
    : {
        name: "actor_block_list_company_month",
        sql: LIST_SQL.companyMonth,
        values: [...monthValues(month), ...check],
        key: "clientId",
        held: kept,
      };
}

/** What blockListRead hands to listBlocks: the cache key, the list it asked PostgreSQL to confirm, the minute's link expiry. */
type HeldRead = { key: string; held: HeldMonth | null; linkExpiry: string };

type ListRow = BlockRow & SeenClient & BusinessCounts & { clientId: number; dataVersion: string | null };

/** The answer from blockListRead's rows, or null when the caller turned out to need the other variant. */
function answerFromRead(
  actor: Actor,
  body: BlockListBody,
  rows: ListRow[],
  kept: HeldRead | undefined,
): ClientBlocksAnswer | BusinessBlocksAnswer | null {
  const business = businessListCaller(actor, body.clientId);
  if ((body.clientId === undefined) !== (business !== null)) return null;
  const first = rows[0];
  if (!first) {
    if (business) return null; // no active company after all: the usual path says why
    throw new AppError("not_found", messages.office.notFound);
  }
  if (!business)
    assertCan(actor, "client.work", {
      id: first.clientId,
      officeId: first.officeId,
      responsibleOperatorId: first.responsibleOperatorId,
    });
  const counts = { uncategorizedCount: first.uncategorizedCount, uncontabilizedCount: first.uncontabilizedCount };
  const extra = business ? { pendencyNumber: first.pendencyNumber } : {};
  // The same test as the statement's: it read no block when the list held is still the client's.
  const who = business ? first.clientId : (actor.accounting as AccountingMembership).operatorId;
  const held = kept?.held;
  if (held && first.dataVersion !== null && first.dataVersion === held.version && who === held.who)
    return { blocks: held.blocks, ...counts, ...extra };
  const loaded = rows.filter((row) => row.id !== null).map(toLoaded);
  if (business) for (const { block } of loaded) block.viewed = true;
  const blocks = groupByMonth(loaded);
  if (kept && first.dataVersion !== null)
    keepMonth(kept.key, { version: first.dataVersion, who, linkExpiry: kept.linkExpiry, blocks, size: loaded.length });
  return { blocks, ...counts, ...extra };
}

/**
 * POST /api/block/list {clientId?, year?, month?}. Accounting variant: three SQL statements whatever
 * the number of blocks: the client through the tenant scope, the blocks (documents, viewed and open
 * pendency folded in), and the two badge counts of the whole client. With {year, month} only that
 * month is read (its blocks by payment date, or by the São Paulo send date while uncategorised); the
 * answer has the same year → month → account shape with that one month in it. Business variant (issue
 * 8: a company user, no clientId or its own): the same shape for its own company, `viewed` always true,
 * plus pendencyNumber (server/blocks/company-blocks.ts).
 */
export async function listBlocks({
  actor,
  body,
  rows,
  read,
}: {
  actor: Actor;
  body: BlockListBody;
  rows?: unknown[];
  read?: ActorRead;
}): Promise<ClientBlocksAnswer | BusinessBlocksAnswer> {
  const fast = rows ? answerFromRead(actor, body, rows as ListRow[], read?.held as HeldRead | undefined) : null;
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

/**
 * The answer as the route writes it: a list this process keeps (month-cache.ts) goes out as the JSON
 * text made when it was kept, with the counts of this call after it, byte for byte what serialising
 * the whole answer would give; any other answer as it is.
 */
export function blockListAnswer(
  answer: ClientBlocksAnswer | BusinessBlocksAnswer,
): ClientBlocksAnswer | BusinessBlocksAnswer | JsonText {
  const text = keptText(answer.blocks);
  if (text === undefined) return answer;
  const { blocks: _blocks, ...rest } = answer;
  // `rest` always holds the counts: its text is `{"uncategorizedCount":…}`, spliced in after the blocks.
  return new JsonText(`{"blocks":${text},${toJson(rest).slice(1)}`);
}
