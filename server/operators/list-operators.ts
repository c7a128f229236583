import "server-only";
import type { OperatorAnswer, Platform } from "@/lib/contract/operators";
import { getDb } from "@/server/db/client";
import type { Actor } from "@/server/policy/actor";
import { selectOperators } from "./operator-rows";
import { membershipOn } from "./platform";

// GET /api/operator/list/accounting and /list/client: every operator of the caller's office or client
// company (blocked ones included: the list is where they are unblocked), sorted by type then name.
// The tenant filter is the caller's own membership, as accountingOperatorsVisibleTo/clientOperatorsVisibleTo.
export async function listOperators({
  actor,
  platform,
}: {
  actor: Actor;
  platform: Platform;
}): Promise<OperatorAnswer[]> {
  const own = membershipOn(actor, platform);
  const filter =
    own.platform === "accounting" ? { officeId: own.membership.officeId } : { clientId: own.membership.clientId };
  return selectOperators(getDb(), platform, filter);
}
