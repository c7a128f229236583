import "server-only";
import type { AccountRolloverBody, ChartLoadedAnswer } from "@/lib/contract/accounts";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { chartOfficeOf, lockChart, yearHasAccounts } from "./chart";

/**
 * POST /api/account/rollover {fromYear, toYear}: copies every account of fromYear, as listed (inactive
 * and synthetic ones too, with their flags and reduced codes), into toYear, which must have no account
 * (409). A fromYear with no account is 409 too (nothing to copy). Client activations are not copied:
 * they carry by code. One INSERT … SELECT in one transaction; audit `account.rollover`.
 */
export async function rolloverChart({
  actor,
  body,
}: {
  actor: Actor;
  body: AccountRolloverBody;
}): Promise<ChartLoadedAnswer> {
  const officeId = chartOfficeOf(actor);
  return getDb().$transaction(async (tx) => {
    await lockChart(tx, officeId);
    if (await yearHasAccounts(tx, officeId, body.toYear))
      throw new AppError("conflict", messages.accounts.yearHasAccounts(body.toYear));
    const created = await tx.$executeRaw`
      INSERT INTO accounts (office_id, code, description, year_of_exercise, active, type, reduced_code)
      SELECT office_id, code, description, ${body.toYear}::int, active, type, reduced_code
        FROM accounts WHERE office_id = ${officeId} AND year_of_exercise = ${body.fromYear}::int`;
    if (created === 0) throw new AppError("conflict", messages.accounts.yearWithoutAccounts(body.fromYear));
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        officeId,
        action: "account.rollover",
        targetType: "chart",
        targetId: body.toYear,
        data: { fromYear: body.fromYear, toYear: body.toYear, created },
      },
      tx,
    );
    return { created };
  });
}
