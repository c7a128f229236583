import "server-only";
import type { OperatorAnswer, OperatorTargetBody } from "@/lib/contract/operators";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { endSessions } from "@/server/auth/end-sessions";
import { getDb } from "@/server/db/client";
import type { Actor } from "@/server/policy/actor";
import { selectOperator } from "./operator-rows";
import { membershipOn, resolvePlatform } from "./platform";
import { assertManage, assertOwnerRemains, auditScope, loadTarget } from "./target";

// POST /api/operator/block/change: blocks or unblocks a colleague. Blocking ends the target's sessions in
// the same transaction (refresh tokens revoked, valid_after = now): their next call answers 401.
export async function toggleBlock({
  actor,
  body,
}: {
  actor: Actor;
  body: OperatorTargetBody;
}): Promise<OperatorAnswer> {
  const platform = resolvePlatform(actor, body.platform);
  membershipOn(actor, platform);
  return getDb().$transaction(async (tx) => {
    const target = await loadTarget(tx, actor, platform, body.operatorId);
    assertManage(actor, target);
    const blocked = !target.blocked;
    if (blocked) await assertOwnerRemains(tx, target);
    if (platform === "accounting") await tx.accountingOperator.update({ where: { id: target.id }, data: { blocked } });
    else await tx.clientOperator.update({ where: { id: target.id }, data: { blocked } });
    if (blocked) await endSessions(tx, target.userId);
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        ...auditScope(target),
        action: blocked ? "operator.block" : "operator.unblock",
        targetType: platform,
        targetId: target.id,
      },
      tx,
    );
    return selectOperator(tx, platform, target.id);
  });
}
