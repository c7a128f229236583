import "server-only";
import type { Prisma, Tx } from "@/server/db/client";
import { recentOwnEvent } from "@/server/audit/recent-own-event";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import type { Actor, BusinessMembership } from "@/server/policy/actor";

/** The company's writes on one document whose row is gone or changed afterwards: the event tells a repeat. */
type DocumentAction = "document.remove" | "document.restore";

/** The audit event of the caller's `action` on a document of its company, in the write's transaction. */
export async function writeDocumentEvent(
  tx: Tx,
  actor: Actor,
  me: BusinessMembership,
  action: DocumentAction,
  documentId: number,
  data: Prisma.InputJsonValue,
): Promise<void> {
  const { officeId, clientId } = me;
  await writeAuditEvent(
    { actorUserId: actor.userId, officeId, clientId, action, targetType: "document", targetId: documentId, data },
    tx,
  );
}

/**
 * Whether the caller itself wrote `action` on this document moments ago (recentOwnEvent): its own
 * repeat (a double click, a retry), answered as done, where anyone else's stays 404.
 */
export function ownRecentDocumentEvent(
  tx: Tx,
  actor: Actor,
  clientId: number,
  action: DocumentAction,
  documentId: number,
): Promise<boolean> {
  return recentOwnEvent(tx, { userId: actor.userId, clientId, action, targetType: "document", targetId: documentId });
}
