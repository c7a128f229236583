import "server-only";
import type { RetentionAnswer, RetentionBody, RetentionHoldAnswer, RetentionHoldBody } from "@/lib/contract/privacy";
import { RETENTION_MAX_YEARS, RETENTION_MIN_YEARS } from "@/lib/privacy/retention";
import { loadSeenClient } from "@/server/accounts/client-accounts";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb } from "@/server/db/client";
import { officeOf } from "@/server/offices/office";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";

/**
 * POST /api/accounting/retention {years?}: the office's 'Política de retenção', read ({}) or saved. The
 * owner only, both ways (the office dialog is the owner's). A save that changes the years is one
 * transaction with its audit event (office.retention, data {from, to}); saving the same value writes
 * nothing.
 */
export async function officeRetention({
  actor,
  body,
}: {
  actor: Actor;
  body: RetentionBody;
}): Promise<RetentionAnswer> {
  const { officeId } = officeOf(actor);
  assertCan(actor, "office.edit", null);
  const answer = (years: number): RetentionAnswer => ({
    years,
    minYears: RETENTION_MIN_YEARS,
    maxYears: RETENTION_MAX_YEARS,
  });
  const db = getDb();
  const next = body.years;
  if (next === undefined) {
    const office = await db.accountingOffice.findUniqueOrThrow({
      where: { id: officeId },
      select: { retentionYears: true },
    });
    return answer(office.retentionYears);
  }
  return db.$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ years: number }[]>`
      SELECT retention_years AS years FROM accounting_offices WHERE id = ${officeId} FOR UPDATE`;
    if (current!.years === next) return answer(next);
    await tx.accountingOffice.update({ where: { id: officeId }, data: { retentionYears: next } });
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        officeId,
        action: "office.retention",
        targetType: "office",
        targetId: officeId,
        data: { from: current!.years, to: next },
      },
      tx,
    );
    return answer(next);
  });
}

/**
 * POST /api/client/retention {clientId, held?}: a client's 'Suspender exclusão', read or set. Whoever of
 * the office sees the client may set or lift it (docs/decisions/0310-retention.md): the responsible
 * operator, those it is shared with, the owner. The client through the tenant scope (404), then the
 * office's right to work it (a company user: 403). A change is one transaction with its audit event
 * (client.retention_hold, data {held}); asking for the state it is in writes nothing.
 */
export async function clientRetentionHold({
  actor,
  body,
}: {
  actor: Actor;
  body: RetentionHoldBody;
}): Promise<RetentionHoldAnswer> {
  const db = getDb();
  const client = await loadSeenClient(db, actor, body.clientId);
  assertCan(actor, "client.work", client);
  const answer = (at: Date | null): RetentionHoldAnswer => ({ held: at !== null, since: at?.toISOString() ?? null });
  const held = body.held;
  if (held === undefined) {
    const row = await db.client.findUniqueOrThrow({ where: { id: client.id }, select: { retentionHoldAt: true } });
    return answer(row.retentionHoldAt);
  }
  return db.$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ at: Date | null }[]>`
      SELECT retention_hold_at AS at FROM clients WHERE id = ${client.id} FOR UPDATE`;
    if ((current!.at !== null) === held) return answer(current!.at);
    const at = held ? new Date() : null;
    await tx.client.update({ where: { id: client.id }, data: { retentionHoldAt: at } });
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        officeId: client.officeId,
        clientId: client.id,
        action: "client.retention_hold",
        targetType: "client",
        targetId: client.id,
        data: { held },
      },
      tx,
    );
    return answer(at);
  });
}
