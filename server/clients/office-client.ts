import "server-only";
import { messages } from "@/lib/i18n/messages";
import type { Db, Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { clientsOfOfficeOf } from "@/server/policy/scopes";

export type OfficeClient = { id: number; officeId: number; responsibleOperatorId: number; responsibleBlocked: boolean };

/**
 * A live client of the caller's office for the responsible-only actions: a business-only caller is
 * refused (403), another office's or a removed client is not found (404). The right itself (client.own
 * or client.transfer) is the caller's to ask, with the loaded row.
 */
export async function loadOfficeClient(db: Db | Tx, actor: Actor, clientId: number): Promise<OfficeClient> {
  assertCan(actor, "platform.accounting", null);
  const row = await db.client.findFirst({
    where: { AND: [{ id: clientId }, clientsOfOfficeOf(actor)] },
    select: {
      id: true,
      officeId: true,
      responsibleOperatorId: true,
      responsibleOperator: { select: { blocked: true } },
    },
  });
  if (!row) throw new AppError("not_found", messages.office.notFound);
  return {
    id: row.id,
    officeId: row.officeId,
    responsibleOperatorId: row.responsibleOperatorId,
    responsibleBlocked: row.responsibleOperator.blocked,
  };
}
