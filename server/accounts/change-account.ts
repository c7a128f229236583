import "server-only";
import type { AccountChangeBody, ChangedAccount, ChartAccount } from "@/lib/contract/accounts";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { accountsVisibleTo } from "@/server/policy/scopes";
import { CHART_ACCOUNT_SELECT } from "./chart";
import { loadSeenClient, type SeenClient } from "./client-accounts";

/**
 * The client the caller works, locked (FOR UPDATE): changes to one client's plan run one after another,
 * each seeing what the previous one left, so parallel clicks never leave two open rows nor answer 500.
 * Seen through the full scope, so the client's own business user is found and then refused (403).
 */
export async function lockWorkClient(tx: Tx, actor: Actor, clientId: number): Promise<SeenClient> {
  const client = await loadSeenClient(tx, actor, clientId);
  assertCan(actor, "client.work", client);
  await tx.$queryRaw`SELECT id FROM clients WHERE id = ${client.id} FOR UPDATE`;
  return client;
}

/** The open activations of the client's plan for these codes (matched by code across the office's charts). */
async function openActivations(tx: Tx, client: SeenClient, codes: string[]) {
  return tx.clientAccount.findMany({
    where: { clientId: client.id, deactivatedAt: null, account: { officeId: client.officeId, code: { in: codes } } },
    select: { id: true, account: { select: { code: true } } },
  });
}

/**
 * Activates accounts for a locked client from the current month on, as one click of 'Gerenciar contas'
 * does: a row dated `now` per account whose code has no open activation (those are skipped, and of two
 * accounts with one code only the first is activated), and its audit event `account.activate`
 * (`data: { code, yearOfExercise }`). An inactive or synthetic account is refused (400) before anything
 * is written. Answers the accounts activated, in the order given.
 */
export async function activateForClient(
  tx: Tx,
  actor: Actor,
  client: SeenClient,
  accounts: ChartAccount[],
  now: Date,
): Promise<ChartAccount[]> {
  const refused = accounts.find((account) => !account.active || account.type !== "analytic");
  if (refused) {
    throw new AppError("invalid_input", messages.accounts.notActivatable, {
      fields: [{ path: "accountId", message: messages.accounts.notActivatable }],
      details: { accountId: refused.id },
    });
  }
  const open = new Set(
    (
      await openActivations(
        tx,
        client,
        accounts.map((account) => account.code),
      )
    ).map((row) => row.account.code),
  );
  const activated: ChartAccount[] = [];
  for (const account of accounts) {
    if (open.has(account.code)) continue;
    open.add(account.code);
    activated.push(account);
  }
  if (activated.length === 0) return activated;
  const activatedById = actor.accounting?.operatorId ?? null;
  await tx.clientAccount.createMany({
    data: activated.map((account) => ({ clientId: client.id, accountId: account.id, activatedAt: now, activatedById })),
  });
  await tx.auditEvent.createMany({
    data: activated.map((account) => ({
      actorUserId: actor.userId,
      officeId: client.officeId,
      clientId: client.id,
      action: "account.activate",
      targetType: "account",
      targetId: String(account.id),
      data: { code: account.code, yearOfExercise: account.yearOfExercise },
    })),
  });
  return activated;
}

/**
 * POST /api/account/change {clientId, accountId}: toggles the account in the client's plan from the
 * current month on. Activating adds a row dated now (activateForClient, the path of
 * /api/account/activate too: an inactive or synthetic account is 400); deactivating closes the open row
 * now, so the months before this one keep the plan they had (an activation opened and closed in the
 * same month covers no month at all). The activation is found by code across the office's charts, so
 * toggling an account of any year of exercise acts on the same line of the plan
 * (docs/decisions/0114-account-plan-by-code-and-month.md). The client row is locked first (lockWorkClient):
 * toggles of the same pair run in turn.
 */
export async function toggleAccount({
  actor,
  body,
}: {
  actor: Actor;
  body: AccountChangeBody;
}): Promise<ChangedAccount> {
  return getDb().$transaction(async (tx) => {
    const client = await lockWorkClient(tx, actor, body.clientId);
    const account = await tx.account.findFirst({
      where: { AND: [{ id: body.accountId, officeId: client.officeId }, accountsVisibleTo(actor)] },
      select: CHART_ACCOUNT_SELECT,
    });
    if (!account) throw new AppError("not_found", messages.accounts.notFound);
    const now = new Date();
    const open = await openActivations(tx, client, [account.code]);
    if (open.length === 0) {
      await activateForClient(tx, actor, client, [account], now);
      return { ...account, activated: true };
    }
    await tx.clientAccount.updateMany({
      where: { id: { in: open.map((row) => row.id) } },
      data: { deactivatedAt: now },
    });
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        officeId: client.officeId,
        clientId: client.id,
        action: "account.deactivate",
        targetType: "account",
        targetId: account.id,
        data: { code: account.code, yearOfExercise: account.yearOfExercise },
      },
      tx,
    );
    return { ...account, activated: false };
  });
}
