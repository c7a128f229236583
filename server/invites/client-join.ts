import "server-only";
import type { InviteAcceptInput } from "@/lib/contract/invites";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import type { Tx } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import { AppError } from "@/server/errors";
import { addressColumns } from "@/server/offices/answers";

export type ClientInvite = { id: number; office_id: number; invited_by_id: number };
type Registration = NonNullable<InviteAcceptInput["client"]>;

/**
 * The company of a client invite joins the office, inside the acceptance's transaction:
 * - a new CPF/CNPJ creates the client; one ACTIVE in the office is refused (409, nothing changes);
 * - one REMOVED from the office is restored with its books (blocks, documents, accounts stay): removedAt
 *   cleared, its data replaced by the registration, its shares cleared (the new responsible decides who
 *   else sees it), its former operators kept but blocked and a former owner made admin, so the new user
 *   is the one owner and decides who comes back (docs/decisions/0111-client-company-registration.md);
 * - the responsible operator is the inviter's accounting operator in the office, or the office owner
 *   when the inviter is no longer an active operator there (recorded in the audit event);
 * - the accepting user becomes the client's owner (client operator type 0).
 */
export async function joinAsClient(
  tx: Tx,
  userId: number,
  invite: ClientInvite,
  registration: Registration,
): Promise<number> {
  const officeId = invite.office_id;
  const responsible = await responsibleFor(tx, invite);
  const { type, name, code, email, phone, address } = registration;
  const data = {
    type,
    name,
    code,
    email,
    phone,
    ...addressColumns(address),
    responsibleOperatorId: responsible.id,
    modifiedAt: new Date(),
  };

  // FOR UPDATE: two registrations of one removed company queue here; the second sees it active.
  const [existing] = await tx.$queryRaw<{ id: number; removed: boolean }[]>`
    SELECT id, removed_at IS NOT NULL AS removed FROM clients WHERE office_id = ${officeId} AND code = ${code}
      FOR UPDATE`;
  if (existing && !existing.removed) throw new AppError("conflict", messages.invites.clientActive);

  let clientId: number;
  if (existing) {
    clientId = existing.id;
    await tx.client.update({ where: { id: clientId }, data: { ...data, removedAt: null } });
    await tx.clientShare.deleteMany({ where: { clientId } });
    await tx.clientOperator.updateMany({ where: { clientId, userId: { not: userId }, type: 0 }, data: { type: 1 } });
    await tx.clientOperator.updateMany({ where: { clientId, userId: { not: userId } }, data: { blocked: true } });
    // A former operator of this very company coming back: its membership becomes the owner's.
    const back = await tx.clientOperator.updateMany({ where: { clientId, userId }, data: { type: 0, blocked: false } });
    if (back.count === 0) await tx.clientOperator.create({ data: { userId, clientId, type: 0 } });
  } else {
    // A parallel registration of the same new CPF/CNPJ: the unique (office, code) index settles it.
    clientId = await tx.client.create({ data: { officeId, ...data }, select: { id: true } }).then(
      (row) => row.id,
      (error: unknown) => {
        throw isUniqueViolation(error) ? new AppError("conflict", messages.invites.clientActive) : error;
      },
    );
    await tx.clientOperator.create({ data: { userId, clientId, type: 0 } });
  }
  await writeAuditEvent(
    {
      actorUserId: userId,
      officeId,
      clientId,
      action: existing ? "client.restore" : "client.create",
      targetType: "client",
      targetId: clientId,
      data: { inviteId: invite.id, responsibleOperatorId: responsible.id, responsibleIsInviter: responsible.isInviter },
    },
    tx,
  );
  return clientId;
}

/** The inviter while it is an unblocked operator of the office; otherwise the office owner. */
async function responsibleFor(tx: Tx, invite: ClientInvite): Promise<{ id: number; isInviter: boolean }> {
  const inviter = await tx.accountingOperator.findFirst({
    where: { userId: invite.invited_by_id, officeId: invite.office_id, blocked: false },
    select: { id: true },
  });
  if (inviter) return { id: inviter.id, isInviter: true };
  const owner = await tx.accountingOperator.findFirst({
    where: { officeId: invite.office_id, type: 0 },
    orderBy: [{ blocked: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  if (!owner) throw new AppError("not_found", messages.invites.invalid);
  return { id: owner.id, isInviter: false };
}
