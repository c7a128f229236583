import "server-only";
import type { Platform } from "@/lib/contract/operators";
import { messages } from "@/lib/i18n/messages";
import type { Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { OPERATOR_TYPE, type Actor } from "@/server/policy/actor";
import { assertCan, type OperatorResource } from "@/server/policy/permissions";
import { accountingOperatorsVisibleTo, clientOperatorsVisibleTo } from "@/server/policy/scopes";

/** A target operator loaded through the caller's scope: tenancy is settled before any rule is asked. */
export type Target = OperatorResource & {
  platform: Platform;
  userId: number;
  blocked: boolean;
  sharedGallery: boolean;
  /** The office (accounting) or client company (bussiness) the membership belongs to. */
  orgId: number;
};

async function findTarget(tx: Tx, actor: Actor, platform: Platform, operatorId: number): Promise<Target> {
  if (platform === "accounting") {
    const row = await tx.accountingOperator.findFirst({
      where: { AND: [accountingOperatorsVisibleTo(actor), { id: operatorId }] },
    });
    if (!row) throw new AppError("not_found", messages.api.notFound);
    return { ...row, platform, sharedGallery: false, orgId: row.officeId };
  }
  const row = await tx.clientOperator.findFirst({
    where: { AND: [clientOperatorsVisibleTo(actor), { id: operatorId }] },
  });
  if (!row) throw new AppError("not_found", messages.api.notFound);
  return { ...row, platform, orgId: row.clientId };
}

/**
 * The target for a write, read through the caller's scope: another office's or client's operator (or an
 * unknown id) answers 404, never 403. The office or client row is locked first (FOR UPDATE), so operator
 * writes of one organisation run one at a time: two owners blocking each other at once cannot both pass
 * the "an unblocked owner remains" rule, and a toggle always flips the latest value.
 */
export async function loadTarget(tx: Tx, actor: Actor, platform: Platform, operatorId: number): Promise<Target> {
  const seen = await findTarget(tx, actor, platform, operatorId);
  if (platform === "accounting")
    await tx.$queryRaw`SELECT id FROM accounting_offices WHERE id = ${seen.orgId} FOR UPDATE`;
  else await tx.$queryRaw`SELECT id FROM clients WHERE id = ${seen.orgId} FOR UPDATE`;
  return findTarget(tx, actor, platform, operatorId);
}

/** `operator.manage` with its own message for "on itself" (the permission row refuses it too). */
export function assertManage(actor: Actor, target: Target): void {
  const own = target.platform === "accounting" ? actor.accounting : actor.business;
  if (own?.operatorId === target.id) throw new AppError("forbidden", messages.operators.notItself);
  assertCan(actor, "operator.manage", target);
}

/** Refuses a change that would leave the office or client company without an unblocked owner. */
export async function assertOwnerRemains(tx: Tx, target: Target): Promise<void> {
  if (target.type !== OPERATOR_TYPE.owner || target.blocked) return;
  const others = { id: { not: target.id }, type: OPERATOR_TYPE.owner, blocked: false };
  const remaining =
    target.platform === "accounting"
      ? await tx.accountingOperator.count({ where: { officeId: target.orgId, ...others } })
      : await tx.clientOperator.count({ where: { clientId: target.orgId, ...others } });
  if (remaining === 0) throw new AppError("conflict", messages.operators.lastOwner);
}

/** The audit scope of a target: its office, or its client company. */
export function auditScope(target: Target): { officeId?: number; clientId?: number } {
  return target.platform === "accounting" ? { officeId: target.orgId } : { clientId: target.orgId };
}
