import "server-only";
import type { OperatorAnswer, OperatorIdBody } from "@/lib/contract/operators";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb } from "@/server/db/client";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { selectOperator } from "./operator-rows";
import { membershipOn } from "./platform";
import { auditScope, loadTarget } from "./target";

// POST /api/operator/change/sharedto: the 'Compartilhar galeria e blocos enviados' switch of a client
// operator. The operator itself or a client admin (gallery.share); business platform only.
export async function toggleSharedGallery({
  actor,
  body,
}: {
  actor: Actor;
  body: OperatorIdBody;
}): Promise<OperatorAnswer> {
  membershipOn(actor, "bussiness");
  return getDb().$transaction(async (tx) => {
    const target = await loadTarget(tx, actor, "bussiness", body.operatorId);
    assertCan(actor, "gallery.share", target);
    const sharedGallery = !target.sharedGallery;
    await tx.clientOperator.update({ where: { id: target.id }, data: { sharedGallery } });
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        ...auditScope(target),
        action: "operator.shared_gallery",
        targetType: "bussiness",
        targetId: target.id,
        data: { sharedGallery },
      },
      tx,
    );
    return selectOperator(tx, "bussiness", target.id);
  });
}
