import "server-only";
import type { ClientAccount, ClientAccountsBody, ClientAccountsByMonth } from "@/lib/contract/accounts";
import { messages } from "@/lib/i18n/messages";
import { getDb, statementRows, type Db, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
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
  const [client] = await statementRows<SeenClient>(db, SEEN_CLIENT_SQL, [id, ...clientScopeValues(actor)]);
  if (!client) throw new AppError("not_found", messages.office.notFound);
  return client;
}

// Three queries whatever the number of months or blocks: the office's charts, the client's activations
// (with their account's code) and, of its categorised blocks, each (account code, month) once; the
// month rules run in month-plan.ts. The
// blocks are grouped in PostgreSQL: read one by one, a client with 100k blocks sent them all to Node,
// and Prisma then loaded their accounts in statements of 32,766 ids each.
async function loadPlan(client: SeenClient) {
  const db = getDb();
  const [chart, activations, blocks] = await Promise.all([
    db.account.findMany({
      where: { officeId: client.officeId },
      select: {
        id: true,
        code: true,
        description: true,
        yearOfExercise: true,
        reducedCode: true,
        active: true,
        type: true,
      },
    }),
    db.clientAccount.findMany({
      where: { clientId: client.id },
      select: { activatedAt: true, deactivatedAt: true, account: { select: { code: true } } },
    }),
    db.$queryRaw<{ code: string; month: string }[]>`
      SELECT DISTINCT a.code, to_char(b.payment_date, 'YYYY-MM') AS month
        FROM blocks b JOIN accounts a ON a.id = b.account_id
       WHERE b.client_id = ${client.id} AND b.undone_at IS NULL AND b.devolved_at IS NULL
         AND b.payment_date IS NOT NULL`,
  ]);
  const chartRows: ChartRow[] = chart;
  const activationRows: ActivationRow[] = activations.map((row) => ({
    code: row.account.code,
    activatedAt: row.activatedAt,
    deactivatedAt: row.deactivatedAt,
  }));
  const blockRows: BlockRow[] = blocks.map((row) => ({ code: row.code, date: new Date(`${row.month}-01T00:00:00Z`) }));
  return { chartRows, activationRows, blockRows };
}

// One month's plan of a client: the year's chart ($year) and the client's activations as JSON, and
// the codes of the accounts its blocks of the month use ($from ≤ payment < $to), for the client rows
// `where` picks over `c`.
function monthPlanSql(p: { year: string; from: string; to: string }, where: string): string {
  return `
  SELECT c.id AS "clientId",
         (SELECT COALESCE(json_agg(json_build_object('id', a.id, 'code', a.code, 'description', a.description,
                                                     'yearOfExercise', a.year_of_exercise,
                                                     'reducedCode', a.reduced_code,
                                                     'active', a.active, 'type', a.type)), '[]'::json)
            FROM accounts a WHERE a.office_id = c.office_id AND a.year_of_exercise = ${p.year}) AS chart,
         (SELECT COALESCE(json_agg(json_build_object('code', a.code, 'activatedAt', ca.activated_at,
                                                     'deactivatedAt', ca.deactivated_at)), '[]'::json)
            FROM client_accounts ca JOIN accounts a ON a.id = ca.account_id WHERE ca.client_id = c.id) AS activations,
         ARRAY(SELECT DISTINCT a.code FROM blocks b JOIN accounts a ON a.id = b.account_id
                WHERE b.client_id = c.id AND b.undone_at IS NULL AND b.devolved_at IS NULL
                  AND b.payment_date >= ${p.from} AND b.payment_date < ${p.to}) AS "monthCodes"
    FROM clients c
   WHERE ${where}`;
}

// The client $1 through the tenant scope ($5…).
const CLIENT_MONTH_PLAN_SQL = monthPlanSql(
  { year: "$2::int", from: "$3::date", to: "$4::date" },
  `c.id = $1::int AND ${clientScopeSql(paramScope(5))}`,
);

export type MonthPlanRow = {
  clientId: number;
  chart: ChartRow[];
  activations: { code: string; activatedAt: string; deactivatedAt: string | null }[];
  monthCodes: string[];
};

const isoDay = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 10);

/** The values of a month plan's year and bounds: year, first day, first day of the next month. */
function monthBounds(year: number, month: number): [number, string, string] {
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return [year, isoDay(year, month), isoDay(next.year, next.month)];
}

/**
 * One month's available accounts of a client the caller sees, in ONE statement (the same rules as
 * POST /api/account/client with {year, month}); not found (404) outside the caller's scope.
 */
export async function loadMonthAccounts(
  db: Db | Tx,
  actor: Actor,
  clientId: number,
  year: number,
  month: number,
): Promise<ClientAccount[]> {
  const [row] = await statementRows<MonthPlanRow>(db, CLIENT_MONTH_PLAN_SQL, [
    clientId,
    ...monthBounds(year, month),
    ...clientScopeValues(actor),
  ]);
  if (!row) throw new AppError("not_found", messages.office.notFound);
  return monthFromRead(row, year, month);
}

/** A month plan's row (monthPlanSql) → the month's available accounts. */
export function monthFromRead(row: MonthPlanRow, year: number, month: number): ClientAccount[] {
  const activations: ActivationRow[] = row.activations.map((a) => ({
    code: a.code,
    activatedAt: new Date(a.activatedAt),
    deactivatedAt: a.deactivatedAt === null ? null : new Date(a.deactivatedAt),
  }));
  const inMonth = new Date(Date.UTC(year, month - 1, 1));
  const blocks: BlockRow[] = row.monthCodes.map((code) => ({ code, date: inMonth }));
  return accountsOfMonth(row.chart, activations, blocks, year, month);
}

// POST /api/account/client {clientId?, year?, month?}: one month's available accounts (one statement:
// loadMonthAccounts), or every month keyed by year then month. The client is the one named, or the
// caller's own company; neither: 400.
export async function listClientAccounts({
  actor,
  body,
}: {
  actor: Actor;
  body: ClientAccountsBody;
}): Promise<ClientAccount[] | ClientAccountsByMonth> {
  const named = body.clientId ?? actor.business?.clientId;
  if (named !== undefined && body.year !== undefined && body.month !== undefined)
    return loadMonthAccounts(getDb(), actor, named, body.year, body.month);
  const client = await loadSeenClient(getDb(), actor, body.clientId);
  const plan = await loadPlan(client);
  return accountsByMonth(plan.chartRows, plan.activationRows, plan.blockRows);
}
