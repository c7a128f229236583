import "server-only";
import { CONTABILIZATION_LINK_MS } from "@/lib/constants";
import type { ContabilizationLinkAnswer, ContabilizeSyncBody } from "@/lib/contract/contabilization";
import type { ClientAccountsByMonth } from "@/lib/contract/accounts";
import { listClientAccounts } from "@/server/accounts/client-accounts";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb } from "@/server/db/client";
import type { Actor } from "@/server/policy/actor";
import { loadWorkClient, periodOf } from "./access";
import { takeLease } from "./lease";
import { categorizedByMonth, loadMonthData } from "./month-view";
import { hashToken, newToken } from "./tokens";

/**
 * POST /api/operator/contabilization/link {clientId, year?, month?}: a fresh one-time link for the QR.
 * The caller must hold (or take) the client's lease (409 naming the holder). The token is random, stored
 * as its SHA-256, bound to the operator and client, good for CONTABILIZATION_LINK_MS; the caller's
 * earlier unused links of the client are closed in the same transaction, so only the QR on screen
 * works. Answers spec §3 (clientAccounts by year and month, the month's categorizedBlocks) and the token.
 */
export async function createContabilizationLink({
  actor,
  body,
}: {
  actor: Actor;
  body: ContabilizeSyncBody;
}): Promise<ContabilizationLinkAnswer> {
  const db = getDb();
  const client = await loadWorkClient(db, actor, body.clientId);
  const operatorId = client.operator.operatorId;
  await takeLease(db, client.id, operatorId);
  const link = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + CONTABILIZATION_LINK_MS);
  await db.$transaction(async (tx) => {
    await tx.contabilizationLink.updateMany({
      where: { operatorId, clientId: client.id, usedAt: null, expiresAt: { gt: now } },
      data: { expiresAt: now },
    });
    const row = await tx.contabilizationLink.create({
      data: { tokenHash: hashToken(link), operatorId, clientId: client.id, expiresAt },
      select: { id: true },
    });
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        officeId: client.officeId,
        clientId: client.id,
        action: "contabilization.link",
        targetType: "contabilization_link",
        targetId: row.id,
      },
      tx,
    );
  });
  const period = periodOf(body);
  const [clientAccounts, month] = await Promise.all([
    listClientAccounts({ actor, body: { clientId: client.id } }) as Promise<ClientAccountsByMonth>,
    loadMonthData(db, actor, client.id, period),
  ]);
  return {
    link,
    linkExpiresDatetime: expiresAt.toISOString(),
    clientAccounts,
    categorizedBlocks: categorizedByMonth(month.blocks, period),
  };
}
