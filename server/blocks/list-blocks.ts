import "server-only";
import type { BlockListBody, ClientBlocksAnswer } from "@/lib/contract/blocks";
import type { BusinessBlocksAnswer } from "@/lib/contract/business";
import { withAccountSuggestions } from "./account-suggestions";
import { businessListCaller, loadBusinessBlocks, NO_OPERATOR } from "./company-blocks";
import { keptMonth, type ListVersion } from "./kept-months";
import { getDb, statementRows } from "@/server/db/client";
import { loadSeenClient } from "@/server/accounts/client-accounts";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { blockCountsSql, groupByMonth, loadBlockRows, type BlockCounts, type MonthFilter } from "./rows";
import { messages } from "@/lib/i18n/messages";
import { AppError } from "@/server/errors";
import { clientScopeSql, clientScopeValues, paramScope } from "@/server/policy/scopes";

// The office's head of the list: the client $1 through the tenant scope (the caller's memberships at
// $2 … $5), its two badge counts and the version of what its lists show, which for the office is the sum
// of its clients' (the suggestions read the office's other clients and its chart). No row: the client
// is not the caller's to see.
const OFFICE_HEAD_SQL = `
    SELECT c.id AS "clientId", c.office_id AS "officeId", c.responsible_operator_id AS "responsibleOperatorId",
           k."uncategorizedCount", k."uncontabilizedCount",
           (SELECT COALESCE(sum(v.version), 0) FROM client_list_versions v WHERE v.office_id = c.office_id)::text
             AS "listVersion"
      FROM clients c
     CROSS JOIN LATERAL (${blockCountsSql("c.id")}) k
     WHERE c.id = $1::int AND ${clientScopeSql(paramScope(2))}`;

type OfficeHead = { clientId: number; officeId: number; responsibleOperatorId: number } & BlockCounts & {
    listVersion: ListVersion;
  };

function monthOf(body: BlockListBody): MonthFilter | undefined {
  return body.year !== undefined && body.month !== undefined ? { year: body.year, month: body.month } : undefined;
}

/** The office's blocks of a client (of one month), each with its account suggestion when uncategorised. */
async function readOfficeBlocks(head: OfficeHead, operatorId: number, month: MonthFilter | undefined) {
  const db = getDb();
  const loaded = await loadBlockRows(db, { clientId: head.clientId, operatorId, month });
  // Suggested for the blocks still to categorise (a month already posted costs no statement); the viewer
  // (document/block) suggests for a categorised one too.
  await withAccountSuggestions(
    db,
    { clientId: head.clientId, officeId: head.officeId },
    loaded.flatMap((one) => (one.block.accountId === null ? [one.block] : [])),
  );
  return groupByMonth(loaded);
}

/**
 * POST /api/block/list {clientId?, year?, month?}. Accounting variant: the head (the client through the
 * tenant scope: 404; a client the caller may not work 403; the two badge counts of the whole client; the
 * lists' version), then the blocks in ONE statement whatever their number (documents, viewed and open
 * pendency folded in) and their suggestions in one more, unless the month is kept at that version
 * (server/blocks/kept-months.ts). With {year, month} only that month is read (its blocks by payment date,
 * or by the São Paulo send date while uncategorised); the answer has the same year → month → account
 * shape with that one month in it.
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
    const { blocks, counts } = await loadBusinessBlocks(business, month);
    return { blocks, ...counts };
  }
  const db = getDb();
  // No client named by a caller without a company: loadSeenClient's 400.
  const clientId = body.clientId ?? (await loadSeenClient(db, actor, undefined)).id;
  const [head] = await statementRows<OfficeHead>(db, OFFICE_HEAD_SQL, [clientId, ...clientScopeValues(actor)]);
  if (!head) throw new AppError("not_found", messages.office.notFound);
  assertCan(actor, "client.work", {
    id: head.clientId,
    officeId: head.officeId,
    responsibleOperatorId: head.responsibleOperatorId,
  });
  const operatorId = actor.accounting?.operatorId ?? NO_OPERATOR;
  const read = () => readOfficeBlocks(head, operatorId, month);
  const blocks = month
    ? await keptMonth({ who: `operator:${operatorId}`, clientId: head.clientId, month }, head.listVersion, read)
    : await read();
  return { blocks, uncategorizedCount: head.uncategorizedCount, uncontabilizedCount: head.uncontabilizedCount };
}
