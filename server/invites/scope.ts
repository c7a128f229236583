import "server-only";
import type { Platform } from "@/lib/contract/operators";
import { messages } from "@/lib/i18n/messages";
import { isManager } from "@/lib/permissions/operators";
import type { InviteKind, Prisma } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";

// Where an operator invite of the caller lands: its office (accounting) or its client company
// (bussiness). Only owners and admins (type <= 1) of that platform may invite, list or remove.
export type InviteScope = {
  kind: InviteKind;
  officeId: number | null;
  clientId: number | null;
  where: Prisma.InviteWhereInput;
};

export function operatorInviteScope(actor: Actor, requested?: Platform): InviteScope {
  assertCan(actor, "operator.invite", null);
  const platform = requested ?? (actor.accounting ? "accounting" : "bussiness");
  const acc = platform === "accounting" ? actor.accounting : null;
  const bus = platform === "bussiness" ? actor.business : null;
  const own = acc ?? bus;
  if (!own || !isManager(own)) throw new AppError("forbidden", messages.api.forbidden);
  if (acc) {
    return {
      kind: "accountingOperator",
      officeId: acc.officeId,
      clientId: null,
      where: { kind: "accountingOperator", officeId: acc.officeId },
    };
  }
  const clientId = bus!.clientId;
  return { kind: "clientOperator", officeId: null, clientId, where: { kind: "clientOperator", clientId } };
}

/**
 * Invites of new client companies of the caller's office. Any accounting operator may invite a
 * company (it becomes its responsible operator); owners and admins (type <= 1) see and withdraw all of
 * the office's pending client invites, a regular operator (type 2) only the ones it sent. A business-only
 * caller has no office: 403.
 */
export function clientInviteScope(actor: Actor): InviteScope {
  assertCan(actor, "client.create", null);
  const acc = actor.accounting!;
  const officeId = acc.officeId;
  const where: Prisma.InviteWhereInput = isManager(acc)
    ? { kind: "client", officeId }
    : { kind: "client", officeId, invitedById: actor.userId };
  return { kind: "client", officeId, clientId: null, where };
}

/** Every invite scope the caller manages (removal names only the invite, not the platform). */
export function managedInviteScopes(actor: Actor): Prisma.InviteWhereInput[] {
  const scopes: Prisma.InviteWhereInput[] = [];
  if (actor.accounting && isManager(actor.accounting)) scopes.push(operatorInviteScope(actor, "accounting").where);
  if (actor.business && isManager(actor.business)) scopes.push(operatorInviteScope(actor, "bussiness").where);
  if (actor.accounting) scopes.push(clientInviteScope(actor).where);
  return scopes;
}

/** Every invite of the caller's own office and company, managed or not: outside it an id answers 404. */
export function visibleInviteScopes(actor: Actor): Prisma.InviteWhereInput[] {
  const scopes: Prisma.InviteWhereInput[] = [];
  if (actor.accounting) scopes.push({ officeId: actor.accounting.officeId });
  if (actor.business) scopes.push({ clientId: actor.business.clientId });
  return scopes;
}
