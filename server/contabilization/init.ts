import "server-only";
import { CONTABILIZATION_SESSION_MS } from "@/lib/constants";
import type { ClientAccountsByMonth } from "@/lib/contract/accounts";
import type { ContabilizationInitBody, ContabilizationSessionAnswer } from "@/lib/contract/contabilization";
import { messages } from "@/lib/i18n/messages";
import { listClientAccounts } from "@/server/accounts/client-accounts";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { loadActor } from "@/server/auth/load-actor";
import { getDb } from "@/server/db/client";
import { signDocumentUrl } from "@/server/documents/signed-url";
import { AppError } from "@/server/errors";
import { loadWorkClient, periodOf } from "./access";
import { giveBackInitAttempt, reserveInitAttempt } from "./init-throttle";
import { tryTakeLease } from "./lease";
import { categorizedByMonth, loadMonthData } from "./month-view";
import { hashToken, newToken } from "./tokens";

type Link = { id: number; operatorId: number; clientId: number; createdAt: Date };

const sign = (key: string | null) => (key ? signDocumentUrl(key) : null);

/**
 * POST /api/operator/contabilization/init {link, year?, month?} (public: the phone has no login). The
 * one-time link is consumed by ONE conditional UPDATE (… WHERE unused AND unexpired RETURNING), so of
 * parallel exchanges of one link exactly one gets a session; a used or expired link answers 410 and an
 * unknown one 404, both telling the person to scan the QR again. The issuing operator must still be an
 * active operator who sees the client, and the link younger than the operator's last end of sessions
 * (a password change, a block: 404 otherwise). The phone gets a random session token (stored
 * hashed, bound to the operator and client, CONTABILIZATION_SESSION_MS, revocable), the operator's
 * lease is renewed when free, and the answer is spec §3 Contabilization session plus the month's page
 * data. Failed attempts are throttled per trusted address.
 *
 * Everything the answer shows is read BEFORE the link is used, and the use, the session, its audit
 * event and the lease are one transaction: once it commits, nothing is left that could fail. A failure
 * after the link was used burned it (the person could only have a new QR made on the desk); now a
 * failure leaves it unused, and the phone's retry works.
 */
export async function initContabilization({
  body,
  address,
}: {
  body: ContabilizationInitBody;
  address: string | null;
}): Promise<ContabilizationSessionAnswer> {
  await reserveInitAttempt(address);
  const db = getDb();
  const now = new Date();
  const hash = hashToken(body.link);
  const [found] = await db.$queryRaw<Link[]>`
    SELECT id, operator_id AS "operatorId", client_id AS "clientId", created_at AS "createdAt"
      FROM contabilization_links
     WHERE token_hash = ${hash} AND used_at IS NULL AND expires_at > ${now}`;
  if (!found) throw await refusedLink(hash);
  const operator = await db.accountingOperator.findUnique({
    where: { id: found.operatorId },
    select: { userId: true },
  });
  const loaded = operator ? await loadActor(operator.userId) : null;
  // A link issued before the operator's sessions were ended (a password change, a block) ends with
  // them, as the phone's session would (mobile-session.ts): it is refused, and stays unused.
  if (!loaded || loaded.actor.accounting?.operatorId !== found.operatorId || loaded.validAfter > found.createdAt) {
    throw new AppError("not_found", messages.contabilization.linkUnknown);
  }
  const { actor } = loaded;
  const client = await loadWorkClient(db, actor, found.clientId);
  const period = periodOf(body);
  const [clientAccounts, month, company] = await Promise.all([
    listClientAccounts({ actor, body: { clientId: client.id } }) as Promise<ClientAccountsByMonth>,
    loadMonthData(db, actor, client.id, period),
    db.client.findUniqueOrThrow({ where: { id: client.id }, select: { id: true, name: true, pictureKey: true } }),
  ]);

  const session = newToken();
  const expiresAt = new Date(now.getTime() + CONTABILIZATION_SESSION_MS);
  const lease = await db.$transaction(async (tx) => {
    const [used] = await tx.$queryRaw<{ id: number }[]>`
      UPDATE contabilization_links SET used_at = ${now}
       WHERE id = ${found.id} AND used_at IS NULL AND expires_at > ${now}
      RETURNING id`;
    if (!used) throw new AppError("gone", messages.contabilization.linkUsed); // a parallel exchange won
    const row = await tx.contabilizationSession.create({
      data: {
        linkId: found.id,
        tokenHash: hashToken(session),
        operatorId: found.operatorId,
        clientId: client.id,
        expiresAt,
      },
      select: { id: true },
    });
    await writeAuditEvent(
      {
        actorUserId: actor.userId,
        officeId: client.officeId,
        clientId: client.id,
        action: "contabilization.init",
        targetType: "contabilization_session",
        targetId: row.id,
        data: { linkId: found.id },
      },
      tx,
    );
    return tryTakeLease(tx, client.id, found.operatorId, now);
  });
  // Bookkeeping of the throttle: the phone has its session whether or not this lands.
  await giveBackInitAttempt(address).catch(() => undefined);
  return {
    id: found.operatorId,
    name: actor.name,
    pictureUrl: sign(actor.profile.pictureKey),
    categorizedBlocks: categorizedByMonth(month.blocks, period),
    clientAccounts,
    session,
    sessionExpiresDatetime: expiresAt.toISOString(),
    client: { id: company.id, name: company.name, pictureUrl: sign(company.pictureKey) },
    contabilization: { ...month.view, leaseExpiresDatetime: (lease?.expiresAt ?? now).toISOString() },
  };
}

/** A link that cannot be exchanged: 410 when it is known (used or expired), 404 otherwise; both say 'scan again'. */
async function refusedLink(hash: string): Promise<AppError> {
  const known = await getDb().contabilizationLink.findUnique({ where: { tokenHash: hash }, select: { id: true } });
  return known
    ? new AppError("gone", messages.contabilization.linkUsed)
    : new AppError("not_found", messages.contabilization.linkUnknown);
}
