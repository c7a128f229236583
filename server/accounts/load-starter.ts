import "server-only";
import type { AccountStarterBody, ChartLoadedAnswer } from "@/lib/contract/accounts";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { chartOfficeOf, lockChart, yearHasAccounts } from "./chart";
import { STARTER_CHART } from "./starter-chart";

/** Writes the starter chart into an office's year (the caller checked it is empty). Answers how many. */
export async function insertStarterChart(tx: Tx, officeId: number, yearOfExercise: number): Promise<number> {
  const { count } = await tx.account.createMany({
    data: STARTER_CHART.map((account) => ({ officeId, yearOfExercise, ...account })),
  });
  return count;
}

/**
 * POST /api/account/starter {year}: loads the starter chart into a year of the caller's office that has
 * no account (409 when it has any, whatever other years hold). Audit `account.starter`.
 */
export async function loadStarter({
  actor,
  body,
}: {
  actor: Actor;
  body: AccountStarterBody;
}): Promise<ChartLoadedAnswer> {
  const officeId = chartOfficeOf(actor);
  return getDb().$transaction(async (tx) => {
    await lockChart(tx, officeId);
    if (await yearHasAccounts(tx, officeId, body.year))
      throw new AppError("conflict", messages.accounts.yearHasAccounts(body.year));
    const created = await insertStarterChart(tx, officeId, body.year);
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        officeId,
        action: "account.starter",
        targetType: "chart",
        targetId: body.year,
        data: { year: body.year, created },
      },
      tx,
    );
    return { created };
  });
}
