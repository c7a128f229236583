import "server-only";
import { randomBytes } from "node:crypto";
import type { InviteAnswer, InviteListBody } from "@/lib/contract/invites";
import type { Platform } from "@/lib/contract/operators";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { countWithin } from "@/server/auth/throttle";
import { hashToken } from "@/server/auth/tokens";
import { getConfig } from "@/server/config";
import { getDb, type Tx } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import { AppError } from "@/server/errors";
import { scheduleDelivery } from "@/server/mail/deliver";
import { enqueueMail } from "@/server/mail/outbox";
import { inviteMail } from "@/server/mail/templates";
import type { Actor } from "@/server/policy/actor";
import {
  clientInviteScope,
  managedInviteScopes,
  operatorInviteScope,
  visibleInviteScopes,
  type InviteScope,
} from "./scope";

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Every invite sends a mail from Bloco's own address, with the office's or company's name in it (free
 * text its owner may change). Withdrawing and sending again had no limit, so one account could fill any
 * inbox through Bloco's sender. Each try counts, in a day's window (the login throttle's table, whose rows
 * are kept a day at least): at most INVITES_PER_RECIPIENT to one e-mail address, whoever sends them, and
 * INVITES_PER_ORGANIZATION from one office or company; past either, 429.
 */
export const INVITES_PER_RECIPIENT = 5;
export const INVITES_PER_ORGANIZATION = 200;
const INVITE_WINDOW_SECONDS = 24 * 60 * 60;

function countInvite(scope: InviteScope, email: string): Promise<void> {
  const organization = scope.clientId !== null ? `client:${scope.clientId}` : `office:${scope.officeId}`;
  const limits = new Map([
    [`invite|to:${email}`, INVITES_PER_RECIPIENT],
    [`invite|${organization}`, INVITES_PER_ORGANIZATION],
  ]);
  return countWithin(limits, INVITE_WINDOW_SECONDS, messages.invites.tooMany);
}

// GET/POST /api/invited/list: pending invites (not accepted) of the caller's platform, oldest first.
export async function listInvites({ actor, body }: { actor: Actor; body?: InviteListBody }): Promise<InviteAnswer[]> {
  const scope = body?.kind === "client" ? clientInviteScope(actor) : operatorInviteScope(actor, body?.platform);
  return getDb().invite.findMany({
    where: { ...scope.where, acceptedAt: null },
    select: { id: true, email: true },
    orderBy: { id: "asc" },
  });
}

// POST /api/invited/add: a one-time link by e-mail, queued in the same transaction as the invite.
export async function addInvite({
  actor,
  body,
}: {
  actor: Actor;
  body: { email: string; kind?: "operator" | "client"; platform?: Platform };
}): Promise<InviteAnswer> {
  const scope = body.kind === "client" ? clientInviteScope(actor) : operatorInviteScope(actor, body.platform);
  await countInvite(scope, body.email);
  const token = randomBytes(32).toString("base64url");
  try {
    const invite = await getDb().$transaction(async (tx) => {
      await assertNotMember(tx, scope, body.email);
      await clearStaleInvite(tx, scope, body.email);
      const created = await tx.invite.create({
        data: {
          kind: scope.kind,
          email: body.email,
          officeId: scope.officeId,
          clientId: scope.clientId,
          invitedById: actor.userId,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + INVITE_TTL_MS),
        },
        select: { id: true, email: true },
      });
      const organization = await organizationName(tx, scope);
      await enqueueMail(tx, body.email, inviteMail(`${getConfig().APP_URL}/convite/${token}`, organization));
      await writeAuditEvent(
        {
          actorUserId: actor.userId,
          officeId: scope.officeId,
          clientId: scope.clientId,
          action: "invite.add",
          targetType: "invite",
          targetId: created.id,
          data: { email: body.email },
        },
        tx,
      );
      return created;
    });
    scheduleDelivery();
    return invite;
  } catch (error) {
    // Two admins inviting the same e-mail at once: the unique index settles it.
    if (isUniqueViolation(error)) {
      throw new AppError("conflict", messages.invites.alreadyInvited);
    }
    throw error;
  }
}

// A user holds at most one membership per platform, so anyone already on it could never accept.
async function assertNotMember(tx: Tx, scope: InviteScope, email: string): Promise<void> {
  const user = await tx.user.findUnique({
    where: { email },
    select: { accountingOperator: { select: { id: true } }, clientOperator: { select: { id: true } } },
  });
  if (scope.kind === "client") {
    // A login may hold one client membership: a company's user could never accept a second company.
    if (user?.clientOperator) throw new AppError("conflict", messages.invites.alreadyClient);
    return;
  }
  const member = scope.kind === "accountingOperator" ? user?.accountingOperator : user?.clientOperator;
  if (member) throw new AppError("conflict", messages.invites.alreadyMember);
}

// A pending, unexpired invite is a duplicate; an expired or accepted one only occupies the unique
// slot, so it gives way to the new invite. (The slot is the office's or company's, whoever sent it.)
async function clearStaleInvite(tx: Tx, scope: InviteScope, email: string): Promise<void> {
  const slot = scope.clientId !== null ? { clientId: scope.clientId } : { officeId: scope.officeId, kind: scope.kind };
  const existing = await tx.invite.findFirst({
    where: { ...slot, email },
    select: { id: true, acceptedAt: true, expiresAt: true },
  });
  if (!existing) return;
  const pending = !existing.acceptedAt && (!existing.expiresAt || existing.expiresAt > new Date());
  if (pending) throw new AppError("conflict", messages.invites.alreadyInvited);
  // deleteMany: a doubled request that found the same stale invite finds it gone here, and then meets
  // the other's new invite at the unique index (409 'already invited'), not a missing row (404).
  await tx.invite.deleteMany({ where: { id: existing.id } });
}

async function organizationName(tx: Tx, scope: InviteScope): Promise<string> {
  if (scope.clientId !== null)
    return (await tx.client.findUniqueOrThrow({ where: { id: scope.clientId }, select: { name: true } })).name;
  return (await tx.accountingOffice.findUniqueOrThrow({ where: { id: scope.officeId! }, select: { name: true } })).name;
}

// POST /api/invited/remove: withdraws a pending invite of a scope the caller manages. An invite outside
// the caller's office and company answers 404; one inside that it may not manage 403.
export async function removeInvite({
  actor,
  body,
}: {
  actor: Actor;
  body: { inviteId: number };
}): Promise<Record<string, never>> {
  const visible = visibleInviteScopes(actor);
  if (visible.length === 0) throw new AppError("forbidden", messages.api.forbidden);
  const managed = managedInviteScopes(actor);
  await getDb().$transaction(async (tx) => {
    const seen = await tx.invite.findFirst({
      where: { id: body.inviteId, acceptedAt: null, OR: visible },
      select: { id: true },
    });
    if (!seen) throw new AppError("not_found", messages.invites.notFound);
    const invite = await tx.invite.findFirst({
      where: { id: body.inviteId, acceptedAt: null, OR: managed },
      select: { id: true, email: true, officeId: true, clientId: true },
    });
    if (!invite) throw new AppError("forbidden", messages.api.forbidden);
    // Withdrawn by a doubled request meanwhile: not found, as once it is gone.
    const removed = await tx.invite.deleteMany({ where: { id: invite.id, acceptedAt: null } });
    if (removed.count === 0) throw new AppError("not_found", messages.invites.notFound);
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        officeId: invite.officeId,
        clientId: invite.clientId,
        action: "invite.remove",
        targetType: "invite",
        targetId: invite.id,
        data: { email: invite.email },
      },
      tx,
    );
  });
  return {};
}
