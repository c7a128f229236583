import "server-only";
import type { EraseOperatorBody, EraseSelfBody } from "@/lib/contract/privacy";
import { messages } from "@/lib/i18n/messages";
import { isCurrentPassword } from "@/server/auth/current-password";
import { getDb, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { deleteBlobs } from "@/server/storage/delete-blobs";
import { officeOf } from "@/server/offices/office";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { getBlobStore } from "@/server/storage";
import { eraseUser, unusablePasswordHash } from "./erase-user";

const m = messages.privacy;

/**
 * POST /api/user/erase {password}: 'Excluir minha conta'. The current password confirms it (under the
 * login throttle). Refused (409) for the last active owner of an office or a company, and for the
 * responsible operator of a live client: the office or company would be left with nobody who may act.
 * Then eraseUser, one transaction; the photo's blob after the commit.
 */
export async function eraseOwnAccount({
  actor,
  body,
}: {
  actor: Actor;
  body: EraseSelfBody;
}): Promise<Record<string, never>> {
  if (!(await isCurrentPassword(actor, body.password))) {
    throw new AppError("invalid_input", m.wrongPassword, { fields: [{ path: "password", message: m.wrongPassword }] });
  }
  const passwordHash = await unusablePasswordHash();
  const keys = await getDb().$transaction(async (tx) => {
    await assertNobodyStranded(tx, actor.userId, "self");
    return eraseUser(tx, actor.userId, { by: actor.userId, passwordHash });
  });
  await deleteBlobs(getBlobStore(), keys);
  return {};
}

/**
 * POST /api/operator/erase {id}: the office owner erases the personal data of an operator of the office
 * who left: blocked (the office's way of ending someone's access), responsible for no live client, and
 * with no company membership (a person who also uses Bloco for a client company decides alone). Anyone
 * else: 403; an operator of another office or none: 404; the caller itself: 409 (their own is
 * 'Excluir minha conta').
 */
export async function eraseOperator({
  actor,
  body,
}: {
  actor: Actor;
  body: EraseOperatorBody;
}): Promise<Record<string, never>> {
  const { officeId, operatorId } = officeOf(actor);
  assertCan(actor, "office.edit", null);
  const passwordHash = await unusablePasswordHash();
  const keys = await getDb().$transaction(async (tx) => {
    const [target] = await tx.$queryRaw<{ user_id: number; blocked: boolean }[]>`
      SELECT user_id, blocked FROM accounting_operators WHERE id = ${body.id} AND office_id = ${officeId} FOR UPDATE`;
    if (!target) throw new AppError("not_found", m.operatorNotFound);
    if (body.id === operatorId) throw new AppError("conflict", m.operatorIsSelf);
    if (!target.blocked) throw new AppError("conflict", m.operatorNotGone);
    if (await tx.clientOperator.count({ where: { userId: target.user_id } }))
      throw new AppError("conflict", m.operatorHasCompany);
    await assertNobodyStranded(tx, target.user_id, "operator");
    return eraseUser(tx, target.user_id, { by: actor.userId, passwordHash });
  });
  await deleteBlobs(getBlobStore(), keys);
  return {};
}

/**
 * 409 when erasing the user would leave an office or company without an owner, or a live client without
 * its responsible.
 */
async function assertNobodyStranded(tx: Tx, userId: number, who: "self" | "operator"): Promise<void> {
  const [row] = await tx.$queryRaw<{ last_owner: boolean; responsible: boolean }[]>`
    SELECT
      EXISTS (
        SELECT 1 FROM accounting_operators me
         WHERE me.user_id = ${userId} AND me.type = 0 AND NOT EXISTS (
           SELECT 1 FROM accounting_operators o JOIN users u ON u.id = o.user_id
            WHERE o.office_id = me.office_id AND o.id <> me.id AND o.type = 0
              AND NOT o.blocked AND u.erased_at IS NULL))
      OR EXISTS (
        SELECT 1 FROM client_operators me
         WHERE me.user_id = ${userId} AND me.type = 0 AND NOT EXISTS (
           SELECT 1 FROM client_operators o JOIN users u ON u.id = o.user_id
            WHERE o.client_id = me.client_id AND o.id <> me.id AND o.type = 0
              AND NOT o.blocked AND u.erased_at IS NULL))
        AS last_owner,
      EXISTS (
        SELECT 1 FROM clients c JOIN accounting_operators me ON me.id = c.responsible_operator_id
         WHERE me.user_id = ${userId} AND c.removed_at IS NULL) AS responsible`;
  if (row?.last_owner) throw new AppError("conflict", m.lastOwner);
  if (row?.responsible)
    throw new AppError("conflict", who === "self" ? m.stillResponsible : m.operatorStillResponsible);
}
