import "server-only";
import type { ContabilizationMonth, ContabilizeSyncBody, ContabilizeUnsyncBody } from "@/lib/contract/contabilization";
import { getDb } from "@/server/db/client";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { loadWorkClient, periodOf } from "./access";
import { releaseLeases, takeLease } from "./lease";
import { loadContabilizationMonth } from "./month-view";

/**
 * POST /api/operator/sync/contabilize {clientId, year?, month?}: the desktop page's open and heartbeat.
 * Takes or renews the client's lease for the caller (409 naming the holder when another operator's
 * unexpired lease stands) and answers the month's page data.
 */
export async function syncContabilize({
  actor,
  body,
}: {
  actor: Actor;
  body: ContabilizeSyncBody;
}): Promise<ContabilizationMonth> {
  const db = getDb();
  const client = await loadWorkClient(db, actor, body.clientId);
  const lease = await takeLease(db, client.id, client.operator.operatorId);
  return loadContabilizationMonth(db, actor, client.id, periodOf(body), lease.expiresAt);
}

/**
 * POST /api/operator/unsync/contabilize {clientId?}: leaving the page releases the caller's lease of the
 * client (every lease of the caller without clientId), except while its phone has a live session for
 * that client (the lease then runs out by itself unless the phone keeps working). Always answers
 * `{ released }`, the number of leases let go.
 */
export async function unsyncContabilize({
  actor,
  body,
}: {
  actor: Actor;
  body: ContabilizeUnsyncBody;
}): Promise<{ released: number }> {
  assertCan(actor, "platform.accounting", null);
  const operatorId = actor.accounting!.operatorId;
  return { released: await releaseLeases(getDb(), operatorId, body.clientId) };
}
