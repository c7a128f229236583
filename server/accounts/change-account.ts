import "server-only";
import type { AccountChangeBody, ChangedAccount } from "@/lib/contract/accounts";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { accountsVisibleTo } from "@/server/policy/scopes";
import { CHART_ACCOUNT_SELECT } from "./chart";
import { loadSeenClient } from "./client-accounts";

/**
 * POST /api/account/change {clientId, accountId}: toggles the account in the client's plan from the
 * current month on. Activating adds a row dated now; deactivating closes the open row now, so the
 * months before this one keep the plan they had (an activation opened and closed in the same month
 * covers no month at all). The activation is found by code across the office's charts, so toggling an
 * account of any year of exercise acts on the same line of the plan (docs/decisions.md, "Accounts").
 *
 * The client row is locked first (FOR UPDATE): toggles of the same pair run one after another and each
 * flips what the previous one left, so parallel clicks never leave two open rows nor answer 500.
 */
export async function toggleAccount({ actor, body }: { actor: Actor; body: AccountChangeBody }): Promise<ChangedAccount> {
  return getDb().$transaction(async (tx) => {
    // Seen through the full scope, so the client's own business user is found and then refused (403).
    const client = await loadSeenClient(tx, actor, body.clientId);
    assertCan(actor, "client.work", client);
    await tx.$queryRaw`SELECT id FROM clients WHERE id = ${client.id} FOR UPDATE`;
    const account = await tx.account.findFirst({
      where: { AND: [{ id: body.accountId, officeId: client.officeId }, accountsVisibleTo(actor)] },
      select: CHART_ACCOUNT_SELECT,
    });
    if (!account) throw new AppError("not_found", messages.accounts.notFound);
    const now = new Date();
    const open = await tx.clientAccount.findMany({
      where: { clientId: client.id, deactivatedAt: null, account: { officeId: client.officeId, code: account.code } },
      select: { id: true },
    });
    const activated = open.length === 0;
    if (activated) {
      await tx.clientAccount.create({
        data: { clientId: client.id, accountId: account.id, activatedAt: now, activatedById: actor.accounting?.operatorId ?? null },
      });
    } else {
      await tx.clientAccount.updateMany({ where: { id: { in: open.map((row) => row.id) } }, data: { deactivatedAt: now } });
    }
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        officeId: client.officeId,
        clientId: client.id,
        action: activated ? "account.activate" : "account.deactivate",
        targetType: "account",
        targetId: account.id,
        data: { code: account.code, yearOfExercise: account.yearOfExercise },
      },
      tx,
    );
    return { ...account, activated };
  });
}
