import "server-only";
import { messages } from "@/lib/i18n/messages";
import type { Db, Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor, AccountingMembership } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { blocksVisibleTo } from "@/server/policy/scopes";

export type WorkBlock = {
  id: number;
  clientId: number;
  officeId: number;
  version: number;
  accountId: number | null;
  paymentDate: Date | null;
  valueCents: bigint | null;
  contabilizedAt: Date | null;
  categorizedById: number | null;
  contabilizedById: number | null;
};

/**
 * A live block (not devolved, not undone) of a client the caller sees, for an accounting operator's
 * work on it (view, categorise, devolve). Another office's, an unshared colleague's, a devolved or an
 * undone block is not found (404); the client's own business user sees the block and is refused (403:
 * the business variant of these calls is a later issue).
 */
export async function loadWorkBlock(
  db: Db | Tx,
  actor: Actor,
  blockId: number,
): Promise<WorkBlock & { operator: AccountingMembership }> {
  const row = await db.block.findFirst({
    where: { AND: [{ id: blockId, devolvedAt: null }, blocksVisibleTo(actor)] },
    select: {
      id: true,
      clientId: true,
      version: true,
      accountId: true,
      paymentDate: true,
      valueCents: true,
      contabilizedAt: true,
      categorizedById: true,
      contabilizedById: true,
      client: { select: { id: true, officeId: true, responsibleOperatorId: true } },
    },
  });
  if (!row) throw new AppError("not_found", messages.blocks.notFound);
  assertCan(actor, "client.work", row.client);
  const { client, ...block } = row;
  return { ...block, officeId: client.officeId, operator: actor.accounting as AccountingMembership };
}
