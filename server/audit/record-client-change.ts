import "server-only";
import { writeAuditEvent, type AuditInput } from "./write-audit-event";
import type { Tx } from "@/server/db/client";

/**
 * The end of every write to a client's blocks (a send, its undo, a devolve, a pendency opened or
 * solved): the client's modifiedAt moves to `at` (the client list's order) and the audit event is
 * written, in the write's transaction so both commit or roll back with it.
 */
export async function recordClientChange(
  tx: Tx,
  actor: { userId: number },
  client: { officeId: number; clientId: number },
  at: Date,
  event: Omit<AuditInput, "actorUserId" | "officeId" | "clientId">,
): Promise<void> {
  await tx.client.update({ where: { id: client.clientId }, data: { modifiedAt: at } });
  await writeAuditEvent(
    { ...event, actorUserId: actor.userId, officeId: client.officeId, clientId: client.clientId },
    tx,
  );
}
