import "server-only";
import type { ClientIdBody, ClientOperatorBody, SharedOperatorAnswer } from "@/lib/contract/sharing";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb, type Db, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { selectOperators } from "@/server/operators/operator-rows";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { accountingOperatorsVisibleTo } from "@/server/policy/scopes";
import { loadOfficeClient, type OfficeClient } from "./office-client";

// The share list: the office's operators other than the responsible one (it already has access), each
// with isShared. Blocked operators stay listed (a share survives blocking), sorted by type then name.
async function sharedList(db: Db | Tx, client: OfficeClient): Promise<SharedOperatorAnswer[]> {
  const [operators, shares] = await Promise.all([
    selectOperators(db, "accounting", { officeId: client.officeId }),
    db.clientShare.findMany({ where: { clientId: client.id }, select: { operatorId: true } }),
  ]);
  const shared = new Set(shares.map((share) => share.operatorId));
  return operators
    .filter((op) => op.id !== client.responsibleOperatorId)
    .map((op) => ({ ...op, isShared: shared.has(op.id) }));
}

// POST /api/operator/shared {clientId}: the responsible operator only.
export async function listShares({
  actor,
  body,
}: {
  actor: Actor;
  body: ClientIdBody;
}): Promise<SharedOperatorAnswer[]> {
  const db = getDb();
  const client = await loadOfficeClient(db, actor, body.clientId);
  assertCan(actor, "client.own", client);
  return sharedList(db, client);
}

// POST /api/operator/shared/change {clientId, accountingOperatorId}: flips one share and answers the
// updated list. Idempotent pieces only (deleteMany, then an insert that skips a duplicate), so two
// toggles racing on the same pair never hit the primary key: each flips what it finds, no 500.
export async function toggleShare({
  actor,
  body,
}: {
  actor: Actor;
  body: ClientOperatorBody;
}): Promise<SharedOperatorAnswer[]> {
  return getDb().$transaction(async (tx) => {
    const client = await loadOfficeClient(tx, actor, body.clientId);
    assertCan(actor, "client.own", client);
    const target = await tx.accountingOperator.findFirst({
      where: { AND: [{ id: body.accountingOperatorId }, accountingOperatorsVisibleTo(actor)] },
      select: { id: true },
    });
    if (!target) throw new AppError("not_found", messages.sharing.operatorNotFound);
    if (target.id === client.responsibleOperatorId) {
      throw new AppError("invalid_input", messages.sharing.responsibleHasAccess, {
        fields: [{ path: "accountingOperatorId", message: messages.sharing.responsibleHasAccess }],
      });
    }
    const removed = await tx.clientShare.deleteMany({ where: { clientId: client.id, operatorId: target.id } });
    const isShared = removed.count === 0;
    if (isShared)
      await tx.clientShare.createMany({ data: [{ clientId: client.id, operatorId: target.id }], skipDuplicates: true });
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        officeId: client.officeId,
        clientId: client.id,
        action: isShared ? "client.share" : "client.unshare",
        targetType: "accounting",
        targetId: target.id,
      },
      tx,
    );
    return sharedList(tx, client);
  });
}
