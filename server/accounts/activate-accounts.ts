import "server-only";
import type { AccountActivateAnswer, AccountActivateBody } from "@/lib/contract/accounts";
import { messages } from "@/lib/i18n/messages";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { accountsVisibleTo } from "@/server/policy/scopes";
import { CHART_ACCOUNT_SELECT } from "./chart";
import { activateForClient, lockWorkClient } from "./change-account";
import { sortByCode } from "./month-plan";

/**
 * POST /api/account/activate {clientId, accountIds}: activates many accounts for the client from this
 * month on, in one transaction, each exactly as one click of account/change activates it
 * (activateForClient): accounts already active for the client are skipped; an inactive or synthetic
 * account is 400 and nothing is written; any account not of the client's office is 404. Accounts of any
 * year of the office's charts are accepted, as account/change accepts them. Answers the accounts it
 * activated (ChangedAccount, activated true), sorted by code. Three statements after the client lock,
 * whatever the number of accounts.
 */
export async function activateAccounts({
  actor,
  body,
}: {
  actor: Actor;
  body: AccountActivateBody;
}): Promise<AccountActivateAnswer> {
  return getDb().$transaction(async (tx) => {
    const client = await lockWorkClient(tx, actor, body.clientId);
    const found = await tx.account.findMany({
      where: { AND: [{ id: { in: body.accountIds }, officeId: client.officeId }, accountsVisibleTo(actor)] },
      select: CHART_ACCOUNT_SELECT,
    });
    if (found.length !== body.accountIds.length) throw new AppError("not_found", messages.accounts.notFound);
    const activated = await activateForClient(tx, actor, client, sortByCode(found), new Date());
    return activated.map((account) => ({ ...account, activated: true }));
  });
}
