import "server-only";
import type { OperatorAnswer, OperatorTargetBody } from "@/lib/contract/operators";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { OPERATOR_TYPE, type Actor } from "@/server/policy/actor";
import { selectOperator } from "./operator-rows";
import { membershipOn, resolvePlatform } from "./platform";
import { assertManage, auditScope, loadTarget } from "./target";

// POST /api/operator/change/admin: toggles a colleague between admin (1) and regular (2). Owners (0)
// keep their type: ownership is not an admin flag (spec §3 "1 and 2 toggle admin").
export async function toggleAdmin({
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
    if (target.type === OPERATOR_TYPE.owner) throw new AppError("conflict", messages.operators.ownerType);
    const type = target.type === OPERATOR_TYPE.admin ? OPERATOR_TYPE.regular : OPERATOR_TYPE.admin;
    if (platform === "accounting") await tx.accountingOperator.update({ where: { id: target.id }, data: { type } });
    else await tx.clientOperator.update({ where: { id: target.id }, data: { type } });
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        ...auditScope(target),
        action: "operator.admin",
        targetType: platform,
        targetId: target.id,
        data: { from: target.type, to: type },
      },
      tx,
    );
    return selectOperator(tx, platform, target.id);
  });
}
