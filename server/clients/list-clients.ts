import "server-only";
import type { ClientCard } from "@/lib/contract/clients";
import { PRESENCE_FRESH_MS } from "@/lib/constants";
import { messages } from "@/lib/i18n/messages";
import { getDb } from "@/server/db/client";
import { signDocumentUrl } from "@/server/documents/signed-url";
import { AppError } from "@/server/http/errors";
import { OPERATOR_TYPE, type Actor, type AccountingMembership } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { clientsVisibleTo } from "@/server/policy/scopes";

type CardRow = {
  id: number;
  name: string;
  pictureKey: string | null;
  modifiedAt: Date;
  responsibleOperatorId: number;
  operatorName: string;
  operatorPictureKey: string | null;
  isShared: boolean;
  hasUncategorizedBlocks: boolean;
  hasPendencies: boolean;
  busyName: string | null;
  busyPictureKey: string | null;
};

const byName = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });
const signed = (key: string | null) => (key ? signDocumentUrl(key) : null);

function membershipOf(actor: Actor): AccountingMembership {
  assertCan(actor, "platform.accounting", null);
  return actor.accounting as AccountingMembership;
}

/**
 * The cards of the given clients, in exactly two queries whatever their number: the visible ids through
 * the tenant scope (clientsVisibleTo, one SELECT with the share filter as a subquery), then one SQL
 * statement for everything a card shows. Prisma without relationJoins would load each include with a
 * query of its own, so the flags and the busy operator are EXISTS / LATERAL subqueries here.
 *
 * Busy: another accounting operator holds the client's unexpired contabilization lease, or has the
 * client's categorization screen open (a presence row younger than PRESENCE_FRESH_MS, three polls).
 * The lease wins over a presence; among presences the most recent one. The caller is never busy for
 * itself.
 */
export async function loadClientCards(actor: Actor, only?: number): Promise<ClientCard[]> {
  const acc = membershipOf(actor);
  const scope = clientsVisibleTo({ ...actor, business: null });
  const visible = await getDb().client.findMany({
    where: only === undefined ? scope : { AND: [{ id: only }, scope] },
    select: { id: true },
  });
  if (visible.length === 0) return [];
  const now = new Date();
  const freshSince = new Date(now.getTime() - PRESENCE_FRESH_MS);
  const rows = await getDb().$queryRaw<CardRow[]>`
    SELECT c.id, c.name, c.picture_key AS "pictureKey", c.modified_at AS "modifiedAt",
           c.responsible_operator_id AS "responsibleOperatorId",
           ru.name AS "operatorName", ru.picture_key AS "operatorPictureKey",
           EXISTS (SELECT 1 FROM client_shares s WHERE s.client_id = c.id) AS "isShared",
           EXISTS (SELECT 1 FROM blocks b
                    WHERE b.client_id = c.id AND b.account_id IS NULL
                      AND b.undone_at IS NULL AND b.devolved_at IS NULL) AS "hasUncategorizedBlocks",
           EXISTS (SELECT 1 FROM pendencies p WHERE p.client_id = c.id AND p.solved_at IS NULL) AS "hasPendencies",
           busy.name AS "busyName", busy.picture_key AS "busyPictureKey"
      FROM clients c
      JOIN accounting_operators ro ON ro.id = c.responsible_operator_id
      JOIN users ru ON ru.id = ro.user_id
      LEFT JOIN LATERAL (
        SELECT u.name, u.picture_key
          FROM (
            SELECT lo.user_id, 0 AS rank, l.expires_at AS at
              FROM contabilization_leases l
              JOIN accounting_operators lo ON lo.id = l.operator_id
             WHERE l.client_id = c.id AND l.expires_at > ${now} AND l.operator_id <> ${acc.operatorId}
            UNION ALL
            SELECT pr.user_id, 1 AS rank, pr.seen_at AS at
              FROM presences pr
              JOIN accounting_operators po ON po.user_id = pr.user_id AND po.office_id = c.office_id
             WHERE pr.client_id = c.id AND pr.screen = 'categorization'
               AND pr.seen_at > ${freshSince} AND pr.user_id <> ${actor.userId}
          ) w
          JOIN users u ON u.id = w.user_id
         ORDER BY w.rank, w.at DESC
         LIMIT 1
      ) busy ON TRUE
     WHERE c.id = ANY(${visible.map((row) => row.id)}::int[])`;
  const isOwner = acc.type === OPERATOR_TYPE.owner;
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      pictureUrl: signed(row.pictureKey),
      isResponsable: row.responsibleOperatorId === acc.operatorId,
      isShared: row.isShared,
      isOwner,
      hasUncategorizedBlocks: row.hasUncategorizedBlocks,
      hasPendencies: row.hasPendencies,
      modifiedDatetime: row.modifiedAt.toISOString(),
      operatorName: row.operatorName,
      photoOperatorUrl: signed(row.operatorPictureKey),
      busy: row.busyName === null ? null : { name: row.busyName, pictureUrl: signed(row.busyPictureKey) },
    }))
    .sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
}

// GET /api/clients: every client the accounting caller sees, sorted by name.
export function listClients({ actor }: { actor: Actor }): Promise<ClientCard[]> {
  return loadClientCards(actor);
}

// POST /api/clients {clientId}: that one card; a client outside the caller's scope answers 404.
export async function getClientCard({ actor, body }: { actor: Actor; body: { clientId: number } }): Promise<ClientCard> {
  const [card] = await loadClientCards(actor, body.clientId);
  if (!card) throw new AppError("not_found", messages.office.notFound);
  return card;
}
