import "server-only";
import type { AccountCreateInput, ChartAccount } from "@/lib/contract/accounts";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { CHART_ACCOUNT_SELECT, chartOfficeOf } from "./chart";

const duplicate = (year: number) =>
  new AppError("conflict", messages.accounts.duplicateCode(year), {
    fields: [{ path: "code", message: messages.accounts.duplicateCode(year) }],
  });

/**
 * POST /api/account/create {year, code, description, reducedCode?, type?}: one account in the caller's
 * office chart of that year (type defaults to analytic). A code the year already has is 409 (the unique
 * (office, year, code) settles a race). Audit `account.create`.
 */
export async function createAccount({
  actor,
  body,
}: {
  actor: Actor;
  body: AccountCreateInput;
}): Promise<ChartAccount> {
  const officeId = chartOfficeOf(actor);
  try {
    return await getDb().$transaction(async (tx) => {
      const account = await tx.account.create({
        data: {
          officeId,
          yearOfExercise: body.year,
          code: body.code,
          description: body.description,
          reducedCode: body.reducedCode ?? null,
          type: body.type ?? "analytic",
        },
        select: CHART_ACCOUNT_SELECT,
      });
      await writeAuditEvent(
        {
          actorUserId: actor.userId,
          officeId,
          action: "account.create",
          targetType: "account",
          targetId: account.id,
          data: {
            year: account.yearOfExercise,
            code: account.code,
            description: account.description,
            reducedCode: account.reducedCode,
            type: account.type,
          },
        },
        tx,
      );
      return account;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(body.year);
    throw error;
  }
}
