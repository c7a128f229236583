import "server-only";
import type { Platform } from "@/lib/contract/operators";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { endSessions } from "@/server/auth/end-sessions";
import { getDb, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { membershipOn } from "./platform";
import { assertManage, assertOwnerRemains, auditScope, loadTarget, type Target } from "./target";

// POST /api/operator/remove/accounting and /remove/client: removes the membership, never the user (who
// may belong to the other platform). The removed operator's sessions end at once, as when blocked.
export async function removeOperator({
  actor,
  platform,
  operatorId,
}: {
  actor: Actor;
  platform: Platform;
  operatorId: number;
}): Promise<Record<string, never>> {
  membershipOn(actor, platform);
  await getDb().$transaction(async (tx) => {
    const target = await loadTarget(tx, actor, platform, operatorId);
    assertManage(actor, target);
    await assertOwnerRemains(tx, target);
    if (platform === "accounting") await removeAccountingMembership(tx, actor, target);
    else await tx.clientOperator.delete({ where: { id: target.id } });
    await endSessions(tx, target.userId);
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        ...auditScope(target),
        action: "operator.remove",
        targetType: platform,
        targetId: target.id,
        data: { userId: target.userId, type: target.type },
      },
      tx,
    );
  });
  return {};
}

async function removeAccountingMembership(tx: Tx, actor: Actor, target: Target): Promise<void> {
  const active = await tx.client.count({ where: { responsibleOperatorId: target.id, removedAt: null } });
  if (active > 0) throw new AppError("conflict", messages.operators.transferClients);
  // Removed clients keep their books and still name a responsible operator (a required column): they pass
  // to the operator who removes this one, so the membership row can go.
  const heir = actor.accounting?.operatorId;
  if (heir !== undefined)
    await tx.client.updateMany({ where: { responsibleOperatorId: target.id }, data: { responsibleOperatorId: heir } });
  await tx.accountingOperator.delete({ where: { id: target.id } });
}
