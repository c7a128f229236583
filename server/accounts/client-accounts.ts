import "server-only";
import type { ClientAccount, ClientAccountsBody, ClientAccountsByMonth } from "@/lib/contract/accounts";
import { messages } from "@/lib/i18n/messages";
import { getDb, statementRows, type Db, type Tx } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import type { Actor } from "@/server/policy/actor";
import { clientScopeSql, clientScopeValues, paramScope } from "@/server/policy/scopes";
import { accountsByMonth, accountsOfMonth, type ActivationRow, type BlockRow, type ChartRow } from "./month-plan";

export type SeenClient = { id: number; officeId: number; responsibleOperatorId: number };

// A prepared statement (it runs on most calls about one client); the scope is clientsVisibleTo's SQL form.
const SEEN_CLIENT_SQL = `
  SELECT c.id, c.office_id AS "officeId", c.responsible_operator_id AS "responsibleOperatorId"
    FROM clients c
   WHERE c.id = $1::int AND ${clientScopeSql(paramScope(2))}`;

/**
 * The client the caller names, through the tenant scope: an accounting operator sees its office's
 * clients it is responsible for or shares (the owner all of them), a business user its own company
 * (clientId may then be left out). Anything else is not found.
 */
export async function loadSeenClient(db: Db | Tx, actor: Actor, clientId: number | undefined): Promise<SeenClient> {
  const id = clientId ?? actor.business?.clientId;
  if (id === undefined) {
    throw new AppError("invalid_input", messages.accounts.clientRequired, {
      fields: [{ path: "clientId", message: messages.api.required }],
    });
  }
  const [client] = await statementRows<SeenClient>(db, "seen_client", SEEN_CLIENT_SQL, [id, ...clientScopeValues(actor)]);
  if (!client) throw new AppError("not_found", messages.office.notFound);
  return client;
}

// Three queries whatever the number of months: the office's charts, the client's activations (with
// their account's code) and its categorised blocks; the month rules run in month-plan.ts.
async function loadPlan(client: SeenClient, year?: number) {
  const db = getDb();
  const [chart, activations, blocks] = await Promise.all([
    db.account.findMany({
      where: { officeId: client.officeId, ...(year === undefined ? {} : { yearOfExercise: year }) },
      select: { id: true, code: true, description: true, yearOfExercise: true },
    }),
    db.clientAccount.findMany({
      where: { clientId: client.id },
      select: { activatedAt: true, deactivatedAt: true, account: { select: { code: true } } },
    }),
    db.block.findMany({
      where: { clientId: client.id, accountId: { not: null }, undoneAt: null, paymentDate: { not: null } },
      select: { paymentDate: true, account: { select: { code: true } } },
    }),
  ]);
  const chartRows: ChartRow[] = chart;
  const activationRows: ActivationRow[] = activations.map((row) => ({
    code: row.account.code,
    activatedAt: row.activatedAt,
    deactivatedAt: row.deactivatedAt,
  }));
  const blockRows: BlockRow[] = blocks.flatMap((block) =>
    block.account && block.paymentDate ? [{ code: block.account.code, date: block.paymentDate }] : [],
  );
  return { chartRows, activationRows, blockRows };
}

// POST /api/account/client {clientId?, year?, month?}: one month's available accounts, or every month
// keyed by year then month.
export async function listClientAccounts({
  actor,
  body,
}: {
  actor: Actor;
  body: ClientAccountsBody;
}): Promise<ClientAccount[] | ClientAccountsByMonth> {
  const client = await loadSeenClient(getDb(), actor, body.clientId);
  if (body.year !== undefined && body.month !== undefined) {
    const plan = await loadPlan(client, body.year);
    return accountsOfMonth(plan.chartRows, plan.activationRows, plan.blockRows, body.year, body.month);
  }
  const plan = await loadPlan(client);
  return accountsByMonth(plan.chartRows, plan.activationRows, plan.blockRows);
}
