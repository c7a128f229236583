import "server-only";
import { currentYearMonth } from "@/lib/format/dates";
import { loadSeenClient, type SeenClient } from "@/server/accounts/client-accounts";
import type { Db, Tx } from "@/server/db/client";
import type { MonthFilter } from "@/server/blocks/rows";
import type { Actor, AccountingMembership } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";

export type WorkClient = SeenClient & { operator: AccountingMembership };

/**
 * A client the caller may contabilise: through the tenant scope (another office's, an unshared
 * colleague's: 404), then the policy's `client.work` (a business user of the company: 403).
 */
export async function loadWorkClient(db: Db | Tx, actor: Actor, clientId: number): Promise<WorkClient> {
  const client = await loadSeenClient(db, actor, clientId);
  assertCan(actor, "client.work", client);
  return { ...client, operator: actor.accounting as AccountingMembership };
}

/** The month a body names, or the current São Paulo month. */
export function periodOf(body: { year?: number; month?: number }): MonthFilter {
  return body.year !== undefined && body.month !== undefined
    ? { year: body.year, month: body.month }
    : currentYearMonth();
}
