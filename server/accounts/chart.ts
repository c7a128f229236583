import "server-only";
import type { AccountsAllBody, ChartAccount } from "@/lib/contract/accounts";
import { getDb, type Tx } from "@/server/db/client";
import type { AccountingMembership, Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { accountsVisibleTo } from "@/server/policy/scopes";
import { currentYearMonth } from "@/lib/format/dates";
import { sortByCode } from "./month-plan";

/** The columns of a ChartAccount (every answer naming a chart account selects these). */
export const CHART_ACCOUNT_SELECT = {
  id: true,
  code: true,
  description: true,
  yearOfExercise: true,
  active: true,
  type: true,
  reducedCode: true,
} as const;

// GET /api/account/all, POST {year}: the caller's office chart for a year of exercise (default: this
// year), sorted by code. Accounting platform only; the scope keeps it to the caller's own office.
export async function listChart({ actor, body }: { actor: Actor; body?: AccountsAllBody }): Promise<ChartAccount[]> {
  assertCan(actor, "platform.accounting", null);
  const acc = actor.accounting as AccountingMembership;
  const yearOfExercise = body?.year ?? currentYearMonth().year;
  const rows = await getDb().account.findMany({
    where: { AND: [accountsVisibleTo({ ...actor, business: null }), { officeId: acc.officeId, yearOfExercise }] },
    select: CHART_ACCOUNT_SELECT,
  });
  return sortByCode(rows);
}

/**
 * The office whose chart the caller edits (import, starter, rollover, create, update): its owner or an
 * administrator (right chart.edit, 403 otherwise: a regular operator, a business-only user).
 */
export function chartOfficeOf(actor: Actor): number {
  assertCan(actor, "chart.edit", null);
  return (actor.accounting as AccountingMembership).officeId;
}

/**
 * Every change to an office's chart takes the office row first (FOR UPDATE): two imports, a starter and a
 * rollover of the same office run one after another, so "the year is empty" and the counts a change
 * reports hold until it commits.
 */
export async function lockChart(tx: Tx, officeId: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM accounting_offices WHERE id = ${officeId} FOR UPDATE`;
}

/** Whether the office's chart of that year has any account. */
export async function yearHasAccounts(tx: Tx, officeId: number, yearOfExercise: number): Promise<boolean> {
  return (await tx.account.findFirst({ where: { officeId, yearOfExercise }, select: { id: true } })) !== null;
}
