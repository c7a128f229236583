import "server-only";
import type { OperatorAnswer, Platform } from "@/lib/contract/operators";
import { getDb } from "@/server/db/client";
import type { Actor } from "@/server/policy/actor";
import { selectOperator } from "./operator-rows";
import { membershipOn, resolvePlatform } from "./platform";

// GET /api/operator/profile?platform=: the caller as an Operator of that platform (403 without it).
export async function getProfile({ actor, platform }: { actor: Actor; platform?: Platform }): Promise<OperatorAnswer> {
  const own = membershipOn(actor, resolvePlatform(actor, platform));
  return selectOperator(getDb(), own.platform, own.membership.operatorId);
}
