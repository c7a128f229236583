import "server-only";
import type { OperatorAnswer } from "@/lib/contract/operators";
import type { ClientIdBody, ClientOperatorBody, TransferAnswer } from "@/lib/contract/sharing";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { selectOperators } from "@/server/operators/operator-rows";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { accountingOperatorsVisibleTo } from "@/server/policy/scopes";
import { loadOfficeClient } from "./office-client";

// POST /api/operator/transfer {clientId}: who the client may go to — the office's unblocked operators
// other than the current responsible, sorted by type then name. Asked with the transfer right, so the
// owner sees the list exactly when it may transfer (responsible blocked).
export async function listTransferTargets({
  actor,
  body,
}: {
  actor: Actor;
  body: ClientIdBody;
}): Promise<OperatorAnswer[]> {
  const db = getDb();
  const client = await loadOfficeClient(db, actor, body.clientId);
  assertCan(actor, "client.transfer", client);
  const operators = await selectOperators(db, "accounting", { officeId: client.officeId });
  return operators.filter((op) => !op.blocked && op.id !== client.responsibleOperatorId);
}

// POST /api/operator/transfer/change {clientId, accountingOperatorId}: the new responsible operator, in
// one transaction with its audit event. The previous responsible keeps no access of its own (the scopes
// read responsible or share on every call), unless it is shared or the owner.
export async function transferClient({
  actor,
  body,
}: {
  actor: Actor;
  body: ClientOperatorBody;
}): Promise<TransferAnswer> {
  return getDb().$transaction(async (tx) => {
    const client = await loadOfficeClient(tx, actor, body.clientId);
    assertCan(actor, "client.transfer", client);
    const target = await tx.accountingOperator.findFirst({
      where: { AND: [{ id: body.accountingOperatorId }, accountingOperatorsVisibleTo(actor)] },
      select: { id: true, blocked: true },
    });
    if (!target) throw new AppError("not_found", messages.sharing.operatorNotFound);
    const refuse = (message: string) =>
      new AppError("invalid_input", message, { fields: [{ path: "accountingOperatorId", message }] });
    if (target.blocked) throw refuse(messages.sharing.operatorBlocked);
    if (target.id === client.responsibleOperatorId) throw refuse(messages.sharing.alreadyResponsible);
    // Compare-and-set on the responsible read above: a transfer that raced this one wins, this one is a 409.
    const moved = await tx.client.updateMany({
      where: { id: client.id, responsibleOperatorId: client.responsibleOperatorId, removedAt: null },
      data: { responsibleOperatorId: target.id, modifiedAt: new Date() },
    });
    if (moved.count !== 1) throw new AppError("conflict", messages.sharing.changedMeanwhile);
    // A share of the new responsible is now redundant; dropping it keeps the share list honest.
    await tx.clientShare.deleteMany({ where: { clientId: client.id, operatorId: target.id } });
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        officeId: client.officeId,
        clientId: client.id,
        action: "client.transfer",
        targetType: "accounting",
        targetId: target.id,
        data: {
          from: client.responsibleOperatorId,
          to: target.id,
          byOwnerOfBlocked: actor.accounting?.operatorId !== client.responsibleOperatorId,
        },
      },
      tx,
    );
    return { clientId: client.id, responsibleOperatorId: target.id };
  });
}
