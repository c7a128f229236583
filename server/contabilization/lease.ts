import "server-only";
import { CONTABILIZATION_LEASE_MS } from "@/lib/constants";
import type { OperatorFace } from "@/lib/contract/contabilization";
import { messages } from "@/lib/i18n/messages";
import type { Db, Tx } from "@/server/db/client";
import { signDocumentUrl } from "@/server/documents/signed-url";
import { AppError } from "@/server/errors";

// The client's "contabilization in progress" lease (ARCHITECTURE §6): one row per client, taken or
// renewed by ONE conditional upsert that writes only when the row is free, expired or already the
// caller's. Two operators racing for a free client: exactly one upsert writes, the other reads the
// winner. Times are the application's clock, as busyHolder and /api/client/busy compare them.

type Held = { operatorId: number; expiresAt: Date };

/** Takes or renews the lease for `operatorId`; null when another operator's unexpired lease stands. */
export async function tryTakeLease(
  db: Db | Tx,
  clientId: number,
  operatorId: number,
  now = new Date(),
): Promise<Held | null> {
  const expiresAt = new Date(now.getTime() + CONTABILIZATION_LEASE_MS);
  const rows = await db.$queryRaw<Held[]>`
    INSERT INTO contabilization_leases AS l (client_id, operator_id, expires_at)
    VALUES (${clientId}, ${operatorId}, ${expiresAt})
    ON CONFLICT (client_id) DO UPDATE SET operator_id = EXCLUDED.operator_id, expires_at = EXCLUDED.expires_at
     WHERE l.expires_at <= ${now} OR l.operator_id = EXCLUDED.operator_id
    RETURNING l.operator_id AS "operatorId", l.expires_at AS "expiresAt"`;
  return rows[0] ?? null;
}

/** The operator holding the client's unexpired lease, other than `operatorId`, or null. */
export async function otherLeaseHolder(
  db: Db | Tx,
  clientId: number,
  operatorId: number,
): Promise<OperatorFace | null> {
  const lease = await db.contabilizationLease.findFirst({
    where: { clientId, expiresAt: { gt: new Date() }, operatorId: { not: operatorId } },
    select: { operator: { select: { user: { select: { name: true, pictureKey: true } } } } },
  });
  const user = lease?.operator.user;
  return user ? { name: user.name, pictureUrl: user.pictureKey ? signDocumentUrl(user.pictureKey) : null } : null;
}

/**
 * Takes or renews the lease, or answers 409 naming who holds it (the message, and `details.holder`
 * with name and pictureUrl for the page's avatar).
 */
export async function takeLease(db: Db | Tx, clientId: number, operatorId: number): Promise<Held> {
  const held = await tryTakeLease(db, clientId, operatorId);
  if (held) return held;
  // The holder may have let it lapse between the two statements: then it is simply free again.
  const holder = await otherLeaseHolder(db, clientId, operatorId);
  if (!holder) {
    const retried = await tryTakeLease(db, clientId, operatorId);
    if (retried) return retried;
  }
  const face = holder ?? { name: "", pictureUrl: null };
  throw new AppError("conflict", messages.contabilization.held(face.name), { details: { holder: face } });
}

/**
 * Releases the operator's lease of one client (or all its leases) — unless the operator's phone holds a
 * live mobile session for that client: then the lease is left to run out by itself, and the phone's
 * polls keep renewing it (closing the desktop page does not end the phone's work).
 */
export async function releaseLeases(db: Db | Tx, operatorId: number, clientId?: number): Promise<number> {
  const now = new Date();
  return db.$executeRaw`
    DELETE FROM contabilization_leases l
     WHERE l.operator_id = ${operatorId}
       AND (${clientId ?? null}::int IS NULL OR l.client_id = ${clientId ?? null}::int)
       AND NOT EXISTS (SELECT 1 FROM contabilization_sessions s
                        WHERE s.operator_id = l.operator_id AND s.client_id = l.client_id
                          AND s.revoked_at IS NULL AND s.expires_at > ${now})`;
}
