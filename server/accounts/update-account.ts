import "server-only";
import type { AccountUpdateInput, ChartAccount } from "@/lib/contract/accounts";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { CHART_ACCOUNT_SELECT, chartOfficeOf } from "./chart";

/**
 * POST /api/account/update {accountId, description?, reducedCode?, active?}: renames an account of the
 * caller's office chart, sets or clears its reduced code, deactivates or reactivates it; only the fields
 * sent change. Another office's account is 404. Deactivating keeps the blocks already in it and the
 * clients' activations (it is no longer offered nor saved into). Audit `account.update` with before and after.
 */
export async function updateAccount({
  actor,
  body,
}: {
  actor: Actor;
  body: AccountUpdateInput;
}): Promise<ChartAccount> {
  const officeId = chartOfficeOf(actor);
  return getDb().$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM accounts WHERE id = ${body.accountId} AND office_id = ${officeId} FOR UPDATE`;
    if (!locked) throw new AppError("not_found", messages.accounts.notFound);
    const before = await tx.account.findUniqueOrThrow({ where: { id: body.accountId }, select: CHART_ACCOUNT_SELECT });
    const data = {
      ...(body.description !== undefined && { description: body.description }),
      ...(body.reducedCode !== undefined && { reducedCode: body.reducedCode }),
      ...(body.active !== undefined && { active: body.active }),
    };
    if (Object.keys(data).length === 0) return before; // nothing sent to change: no write, no event
    const after = await tx.account.update({ where: { id: body.accountId }, data, select: CHART_ACCOUNT_SELECT });
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        officeId,
        action: "account.update",
        targetType: "account",
        targetId: after.id,
        data: {
          year: after.yearOfExercise,
          code: after.code,
          before: { description: before.description, reducedCode: before.reducedCode, active: before.active },
          after: { description: after.description, reducedCode: after.reducedCode, active: after.active },
        },
      },
      tx,
    );
    return after;
  });
}
