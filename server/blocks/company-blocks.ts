import "server-only";
import type { BlocksByMonth } from "@/lib/contract/blocks";
import { keptMonth, type ListVersion } from "./kept-months";
import { blockCountsSql, groupByMonth, loadBlockRows, type MonthFilter } from "./rows";
import { getDb, statementRows } from "@/server/db/client";
import type { Actor, BusinessMembership } from "@/server/policy/actor";
import { openPendenciesSql } from "./open-pendencies";

export type BusinessCounts = { uncategorizedCount: number; uncontabilizedCount: number; pendencyNumber: number };

/** The three badge counts of a company's home, for a company given as an SQL expression. */
export function businessCountsSql(client: string): string {
  return `
  SELECT k."uncategorizedCount", k."uncontabilizedCount",
         (SELECT count(*)::int FROM (${openPendenciesSql(client)}) open) AS "pendencyNumber"
    FROM (${blockCountsSql(client)}) k`;
}

// The counts and the version of what the company's lists show (its own: a company's list reads nothing
// of the office's other clients).
const BUSINESS_HEAD_SQL = `
  SELECT h.*, (SELECT COALESCE(max(v.version), 0) FROM client_list_versions v WHERE v.client_id = $1::int)::text
                AS "listVersion"
    FROM (${businessCountsSql("$1::int")}) h`;

/** No accounting operator has this id: the business variant asks block_views for nobody. */
export const NO_OPERATOR = 0;

/**
 * Which caller gets the business variant of POST /api/block/list: a company user naming no client, or
 * naming its own company — unless it is also an operator of that company's office, who keeps the
 * office's variant (its own `viewed`, its right to work the client). null: the accounting variant.
 */
export function businessListCaller(actor: Actor, clientId: number | undefined): BusinessMembership | null {
  const bus = actor.business;
  if (!bus) return null;
  if (clientId === undefined) return bus;
  if (clientId !== bus.clientId || actor.accounting?.officeId === bus.officeId) return null;
  return bus;
}

/**
 * POST /api/block/list, business variant: the caller's own company's live blocks (not devolved, not
 * undone) in the year → month → account shape, every block `viewed` (spec §3: "always true when a client
 * id is given" — the unseen dot is the office's, a company never has unseen blocks of its own), plus
 * pendencyNumber (the Pendencias badge). The company comes from the caller's membership, checked at
 * authentication: the counts with the list's version, then the blocks unless a month is kept at it.
 */
export async function loadBusinessBlocks(
  me: BusinessMembership,
  month: MonthFilter | undefined,
): Promise<{ blocks: BlocksByMonth; counts: BusinessCounts }> {
  const db = getDb();
  const [head] = await statementRows<BusinessCounts & { listVersion: ListVersion }>(db, BUSINESS_HEAD_SQL, [
    me.clientId,
  ]);
  const { listVersion, ...counts } = head ?? {
    uncategorizedCount: 0,
    uncontabilizedCount: 0,
    pendencyNumber: 0,
    listVersion: "0",
  };
  const read = async () => {
    const loaded = await loadBlockRows(db, { clientId: me.clientId, operatorId: NO_OPERATOR, month });
    for (const { block } of loaded) block.viewed = true;
    return groupByMonth(loaded);
  };
  const blocks = month
    ? await keptMonth({ who: "company", clientId: me.clientId, month }, listVersion, read)
    : await read();
  return { blocks, counts };
}
