import "server-only";
import type { OperatorAnswer, OperatorTargetBody } from "@/lib/contract/operators";
import { endSessions } from "@/server/auth/end-sessions";
import type { Actor } from "@/server/policy/actor";
import { changeColleague } from "./change-membership";
import { assertOwnerRemains } from "./target";

// POST /api/operator/block/change: blocks or unblocks a colleague. Blocking ends the target's sessions in
// the same transaction (refresh tokens revoked, valid_after = now): their next call answers 401.
export async function toggleBlock({
  actor,
  body,
}: {
  actor: Actor;
  body: OperatorTargetBody;
}): Promise<OperatorAnswer> {
  return changeColleague(actor, body, async (tx, target) => {
    const blocked = !target.blocked;
    if (blocked) {
      await assertOwnerRemains(tx, target);
      await endSessions(tx, target.userId);
    }
    return { data: { blocked }, action: blocked ? "operator.block" : "operator.unblock" };
  });
}
