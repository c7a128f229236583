import "server-only";
import type { ClientCard } from "@/lib/contract/clients";
import { PRESENCE_FRESH_MS } from "@/lib/constants";
import { messages } from "@/lib/i18n/messages";
import { signDocumentUrl } from "@/server/documents/signed-url";
import { AppError } from "@/server/errors";
import { OPERATOR_TYPE, type Actor, type AccountingMembership } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { clientScopeSql } from "@/server/policy/scopes";
import { ACTOR_SCOPE, withActorSql } from "@/server/auth/load-actor";
import type { ActorRead } from "@/server/auth/authenticate";

export type CardRow = {
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
  /** Another operator holding the client's unexpired contabilization lease (POST /api/client/busy). */
  leaseName: string | null;
  leasePictureKey: string | null;
};

const byName = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });
const signed = (key: string | null) => (key ? signDocumentUrl(key) : null);

function membershipOf(actor: Actor): AccountingMembership {
  assertCan(actor, "platform.accounting", null);
  return actor.accounting as AccountingMembership;
}

// The cards' statement beside the actor load (withActorSql: the user at $1, its login session at $2):
// now at $3, the presence freshness limit at $4, the one client of POST at $5. The caller is the
// `actor` CTE, scoped as an accountant (its company, if any, is not an office client card).
function cardsSql(filter: string): string {
  return withActorSql(`
    SELECT c.id, c.name, c.picture_key AS "pictureKey", c.modified_at AS "modifiedAt",
           c.responsible_operator_id AS "responsibleOperatorId",
           ru.name AS "operatorName", ru.picture_key AS "operatorPictureKey",
           EXISTS (SELECT 1 FROM client_shares s WHERE s.client_id = c.id) AS "isShared",
           EXISTS (SELECT 1 FROM client_block_counts k WHERE k.client_id = c.id AND k.uncategorized > 0) AS "hasUncategorizedBlocks",
           EXISTS (SELECT 1 FROM pendencies p WHERE p.client_id = c.id AND p.solved_at IS NULL) AS "hasPendencies",
           COALESCE(lease.name, seen.name) AS "busyName",
           CASE WHEN lease.name IS NOT NULL THEN lease.picture_key ELSE seen.picture_key END AS "busyPictureKey",
           lease.name AS "leaseName", lease.picture_key AS "leasePictureKey"
      FROM clients c
      JOIN accounting_operators ro ON ro.id = c.responsible_operator_id
      JOIN users ru ON ru.id = ro.user_id
      LEFT JOIN LATERAL (
        SELECT u.name, u.picture_key
          FROM contabilization_leases l
          JOIN accounting_operators lo ON lo.id = l.operator_id
          JOIN users u ON u.id = lo.user_id
         WHERE l.client_id = c.id AND l.expires_at > $3::timestamptz AND l.operator_id <> actor.acc_id
         ORDER BY l.expires_at DESC
         LIMIT 1
      ) lease ON TRUE
      LEFT JOIN LATERAL (
        SELECT u.name, u.picture_key
          FROM presences pr
          JOIN accounting_operators po ON po.user_id = pr.user_id AND po.office_id = c.office_id
          JOIN users u ON u.id = pr.user_id
         WHERE pr.client_id = c.id AND pr.screen = 'categorization'
           AND pr.seen_at > $4::timestamptz AND pr.user_id <> actor.id
         ORDER BY pr.seen_at DESC
         LIMIT 1
      ) seen ON TRUE
     WHERE ${clientScopeSql({ ...ACTOR_SCOPE, company: "NULL::int" })} ${filter}`);
}

// Built once; run as named prepared statements.
const CARDS_SQL = { all: cardsSql(""), one: cardsSql("AND c.id = $5::int") };

/**
 * GET /api/clients (clientId undefined) and POST {clientId}: the read that runs beside the actor load,
 * so the whole call is ONE SQL statement whatever the number of clients: the tenant scope
 * (clientScopeSql over the caller's memberships) and everything a card shows, the flags and the busy
 * operator as EXISTS / LATERAL subqueries.
 *
 * Busy: another accounting operator holds the client's unexpired contabilization lease, or has the
 * client's categorization screen open (a presence row younger than PRESENCE_FRESH_MS, three polls).
 * The lease wins over a presence; among presences the most recent one. The caller is never busy for
 * itself.
 */
export function clientCardsRead(clientId?: number): ActorRead {
  const now = new Date();
  const freshSince = new Date(now.getTime() - PRESENCE_FRESH_MS);
  return clientId === undefined
    ? { name: "actor_client_cards", sql: CARDS_SQL.all, values: [now, freshSince], key: "id" }
    : { name: "actor_client_card", sql: CARDS_SQL.one, values: [now, freshSince, clientId], key: "id" };
}

/** The cards of clientCardsRead's rows, sorted by name. */
export function loadClientCards(actor: Actor, rows: CardRow[]): ClientCard[] {
  const acc = membershipOf(actor);
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

// GET /api/clients: every client the accounting caller sees, sorted by name (rows: clientCardsRead()).
export async function listClients({ actor, rows }: { actor: Actor; rows: CardRow[] }): Promise<ClientCard[]> {
  return loadClientCards(actor, rows);
}

// POST /api/clients {clientId}: that one card; a client outside the caller's scope answers 404.
export async function getClientCard({ actor, rows }: { actor: Actor; rows: CardRow[] }): Promise<ClientCard> {
  const [card] = loadClientCards(actor, rows);
  if (!card) throw new AppError("not_found", messages.office.notFound);
  return card;
}
