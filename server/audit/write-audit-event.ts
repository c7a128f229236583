import "server-only";
import { getDb, type Prisma, type Tx } from "@/server/db/client";

export type AuditInput = {
  actorUserId?: number | null;
  officeId?: number | null;
  clientId?: number | null;
  action: string; // 'auth.login', 'auth.refresh_reuse', 'client.transfer', ...
  targetType?: string;
  targetId?: string | number;
  /** The block a categorisation or posting is of: the history reads these events by it. */
  blockId?: number | null;
  data?: Prisma.InputJsonValue;
};

// Written inside the caller's transaction when there is one, so the event and the change it
// describes commit or roll back together.
export async function writeAuditEvent(input: AuditInput, tx?: Tx): Promise<void> {
  await (tx ?? getDb()).auditEvent.create({
    data: {
      actorUserId: input.actorUserId ?? null,
      officeId: input.officeId ?? null,
      clientId: input.clientId ?? null,
      action: input.action,
      targetType: input.targetType,
      targetId: input.targetId === undefined ? undefined : String(input.targetId),
      blockId: input.blockId ?? null,
      data: input.data,
    },
  });
}
