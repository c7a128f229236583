import "server-only";
import type { ClientCard } from "@/lib/contract/clients";
import { PRESENCE_FRESH_MS } from "@/lib/constants";
import { messages } from "@/lib/i18n/messages";
import { signDocumentUrl } from "@/server/documents/signed-url";
import { AppError } from "@/server/errors";
import { OPERATOR_TYPE, type Actor, type AccountingMembership } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { getDb, statementRows } from "@/server/db/client";
import { clientScopeSql, paramScope } from "@/server/policy/scopes";

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

// The cards' statement: now at $1, the presence freshness limit at $2, the caller's office, owner flag
// and operator at $3 … $5 (scoped as an accountant: its company, if any, is not an office client card),
// its user at $6, the one client of POST at $7.
function cardsSql(filter: string): string {
  return `
    SELECT c.id, c.name, c.picture_key AS "pictureKey", c.modified_at AS "modifiedAt",
           c.responsible_operator_id AS "responsibleOperatorId",
           ru.name AS "operatorName", ru.picture_key AS "operatorPictureKey",
           EXISTS (SELECT 1 FROM client_shares s WHERE s.client_id = c.id) AS "isShared",
           EXISTS (SELECT 1 FROM client_block_counts k WHERE k.client_id = c.id AND k.uncategorized > 0)
             AS "hasUncategorizedBlocks",
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
         WHERE l.client_id = c.id AND l.expires_at > $1::timestamptz AND l.operator_id <> $5::int
         ORDER BY l.expires_at DESC
         LIMIT 1
      ) lease ON TRUE
      LEFT JOIN LATERAL (
        SELECT u.name, u.picture_key
          FROM presences pr
          JOIN accounting_operators po ON po.user_id = pr.user_id AND po.office_id = c.office_id
          JOIN users u ON u.id = pr.user_id
         WHERE pr.client_id = c.id AND pr.screen = 'categorization'
           AND pr.seen_at > $2::timestamptz AND pr.user_id <> $6::int
         ORDER BY pr.seen_at DESC
         LIMIT 1
      ) seen ON TRUE
     WHERE ${clientScopeSql({ ...paramScope(3), company: "NULL::int" })} ${filter}`;
}

// Built once; run as prepared statements.
const CARDS_SQL = { all: cardsSql(""), one: cardsSql("AND c.id = $7::int") };

/**
 * GET /api/clients (clientId undefined) and POST {clientId}: the cards' rows of an accounting caller
 * (403 for any other), in ONE SQL statement whatever the number of clients: the tenant scope
 * (clientScopeSql over the caller's membership) and everything a card shows, the flags and the busy
 * operator as EXISTS / LATERAL subqueries.
 *
 * Busy: another accounting operator holds the client's unexpired contabilization lease, or has the
 * client's categorization screen open (a presence row younger than PRESENCE_FRESH_MS, three polls).
 * The lease wins over a presence; among presences the most recent one. The caller is never busy for
 * itself.
 */
export async function loadCardRows(actor: Actor, clientId?: number): Promise<CardRow[]> {
  const acc = membershipOf(actor);
  const now = new Date();
  const owner = acc.type === OPERATOR_TYPE.owner;
  const head = [now, new Date(now.getTime() - PRESENCE_FRESH_MS), acc.officeId, owner, acc.operatorId, actor.userId];
  return clientId === undefined
    ? statementRows<CardRow>(getDb(), CARDS_SQL.all, head)
    : statementRows<CardRow>(getDb(), CARDS_SQL.one, [...head, clientId]);
}

/** The cards of loadCardRows's rows, sorted by name. */
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

// GET /api/clients: every client the accounting caller sees, sorted by name.
export async function listClients({ actor }: { actor: Actor }): Promise<ClientCard[]> {
  return loadClientCards(actor, await loadCardRows(actor));
}

// POST /api/clients {clientId}: that one card; a client outside the caller's scope answers 404.
export async function getClientCard({ actor, rows }: { actor: Actor; rows: CardRow[] }): Promise<ClientCard> {
  const [card] = loadClientCards(actor, rows);
  if (!card) throw new AppError("not_found", messages.office.notFound);
  return card;
}
