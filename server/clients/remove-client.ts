import "server-only";
import type { ClientIdBody } from "@/lib/contract/sharing";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { loadOfficeClient } from "./office-client";

// POST /api/client/remove {clientId}: soft removal by the responsible operator. The books (blocks,
// documents, accounts, shares) stay; every scope filters removedAt, so the client answers 404 everywhere
// from the next call on, and its business users lose the membership at their next request.
export async function removeClient({
  actor,
  body,
}: {
  actor: Actor;
  body: ClientIdBody;
}): Promise<Record<string, never>> {
  await getDb().$transaction(async (tx) => {
    const client = await loadOfficeClient(tx, actor, body.clientId);
    assertCan(actor, "client.own", client);
    const removed = await tx.client.updateMany({
      where: { id: client.id, removedAt: null },
      data: { removedAt: new Date() },
    });
    // A removal that raced this one already did the work: the second caller sees what a later call would.
    if (removed.count !== 1) throw new AppError("not_found", messages.office.notFound);
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        officeId: client.officeId,
        clientId: client.id,
        action: "client.remove",
        targetType: "client",
        targetId: client.id,
      },
      tx,
    );
  });
  return {};
}
