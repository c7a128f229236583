import "server-only";
import type { Block } from "@/lib/contract/blocks";
import type {
  ContabilizationHistoryBody,
  ContabilizationMobileBody,
  ContabilizationMonth,
} from "@/lib/contract/contabilization";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import type { LinkCaller } from "./mobile-session";
import { getDb } from "@/server/db/client";
import { periodOf } from "./access";
import { loadCallerClient } from "./mobile-session";
import { takeLease } from "./lease";
import { loadContabilizationMonth, loadHistory } from "./month-view";

/**
 * POST /api/operator/contabilization/mobile {link, year?, month?}: the phone's poll. Renews the issuing
 * operator's lease (so the phone keeps working after the desktop page closed; another operator's
 * lease: 409 naming the holder) and answers the month's page data of the session's client.
 */
export async function mobileContabilization({
  caller,
  body,
}: {
  caller: LinkCaller;
  body: ContabilizationMobileBody;
}): Promise<ContabilizationMonth> {
  const db = getDb();
  const client = await loadCallerClient(db, caller, undefined);
  const lease = await takeLease(db, client.id, client.operator.operatorId);
  return loadContabilizationMonth(db, caller.actor, client.id, periodOf(body), lease.expiresAt);
}

/**
 * POST /api/operator/contabilization/history {clientId | link, year, month, accountId}: the 'Visualizar
 * Historico' list, for the desktop (clientId, bearer) and the phone (its session as `link`). Reading it
 * neither needs nor renews the lease. An account with nothing posted answers [].
 */
export async function contabilizationHistory({
  caller,
  body,
}: {
  caller: LinkCaller;
  body: ContabilizationHistoryBody;
}): Promise<Block[]> {
  const db = getDb();
  const client = await loadCallerClient(db, caller, body.clientId);
  return loadHistory(db, caller.actor, client.id, { year: body.year, month: body.month }, body.accountId);
}

/**
 * POST /api/operator/contabilization/end {link}: the phone ends its own session (leaving the page).
 * The lease is not released: it runs out by itself unless the desktop page keeps it.
 */
export async function endMobileSession({ caller }: { caller: LinkCaller }): Promise<{ ended: boolean }> {
  const session = caller.session;
  if (!session) return { ended: false };
  const db = getDb();
  await db.$transaction(async (tx) => {
    await tx.contabilizationSession.update({ where: { id: session.id }, data: { revokedAt: new Date() } });
    await writeAuditEvent(
      {
        actorUserId: caller.actor.userId,
        clientId: session.clientId,
        action: "contabilization.end",
        targetType: "contabilization_session",
        targetId: session.id,
      },
      tx,
    );
  });
  return { ended: true };
}
