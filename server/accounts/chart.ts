import "server-only";
import type { AccountsAllBody, ChartAccount } from "@/lib/contract/accounts";
import { getDb } from "@/server/db/client";
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
