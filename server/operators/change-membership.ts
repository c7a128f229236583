import "server-only";
import type { OperatorAnswer, OperatorTargetBody, Platform } from "@/lib/contract/operators";
import { writeAuditEvent, type AuditInput } from "@/server/audit/write-audit-event";
import { getDb, type Tx } from "@/server/db/client";
import type { Actor } from "@/server/policy/actor";
import { selectOperator } from "./operator-rows";
import { membershipOn, resolvePlatform } from "./platform";
import { assertManage, auditScope, loadTarget, type Target } from "./target";

/** The columns of a membership the toggles flip. */
type MembershipData = { type?: number; blocked?: boolean; sharedGallery?: boolean };

type Change = {
  data: MembershipData;
  action: string;
  audit?: AuditInput["data"];
};

/**
 * The one flow of every toggle on a colleague: in one transaction the target through the caller's scope,
 * the caller's right on it (`authorize`), the change the toggle decides (`decide`: its own checks and side
 * effects, then the columns to write and the audit action), the audit event, and the operator as the list
 * shows it.
 */
export async function changeMembership(
  actor: Actor,
  platform: Platform,
  operatorId: number,
  authorize: (target: Target) => void,
  decide: (tx: Tx, target: Target) => Promise<Change>,
): Promise<OperatorAnswer> {
  return getDb().$transaction(async (tx) => {
    const target = await loadTarget(tx, actor, platform, operatorId);
    authorize(target);
    const { data, action, audit } = await decide(tx, target);
    if (platform === "accounting") await tx.accountingOperator.update({ where: { id: target.id }, data });
    else await tx.clientOperator.update({ where: { id: target.id }, data });
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        ...auditScope(target),
        action,
        targetType: platform,
        targetId: target.id,
        data: audit,
      },
      tx,
    );
    return selectOperator(tx, platform, target.id);
  });
}

/** A change an office or company manager makes to a colleague (admin, blocked): `assertManage` decides who may. */
export async function changeColleague(
  actor: Actor,
  body: OperatorTargetBody,
  decide: (tx: Tx, target: Target) => Promise<Change>,
): Promise<OperatorAnswer> {
  const platform = resolvePlatform(actor, body.platform);
  membershipOn(actor, platform);
  return changeMembership(actor, platform, body.operatorId, (target) => assertManage(actor, target), decide);
}
