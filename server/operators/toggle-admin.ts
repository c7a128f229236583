import "server-only";
import type { OperatorAnswer, OperatorTargetBody } from "@/lib/contract/operators";
import { messages } from "@/lib/i18n/messages";
import { AppError } from "@/server/errors";
import { OPERATOR_TYPE, type Actor } from "@/server/policy/actor";
import { changeColleague } from "./change-membership";

// POST /api/operator/change/admin: toggles a colleague between admin (1) and regular (2). Owners (0)
// keep their type: ownership is not an admin flag (spec §3 "1 and 2 toggle admin").
export async function toggleAdmin({
  actor,
  body,
}: {
  actor: Actor;
  body: OperatorTargetBody;
}): Promise<OperatorAnswer> {
  return changeColleague(actor, body, async (_tx, target) => {
    if (target.type === OPERATOR_TYPE.owner) throw new AppError("conflict", messages.operators.ownerType);
    const type = target.type === OPERATOR_TYPE.admin ? OPERATOR_TYPE.regular : OPERATOR_TYPE.admin;
    return { data: { type }, action: "operator.admin", audit: { from: target.type, to: type } };
  });
}
