import "server-only";
import { preparedQuery } from "@/server/db/client";
import type { Actor } from "@/server/policy/actor";

type Row = {
  id: number;
  email: string;
  name: string;
  code: string | null;
  phone: string | null;
  picture_key: string | null;
  valid_after: Date;
  office_name: string | null;
  client_name: string | null;
  client_type: "juridicPerson" | "individual" | null;
  acc_id: number | null;
  acc_office: number | null;
  acc_type: number | null;
  acc_blocked: boolean | null;
  acc_payment: boolean | null;
  bus_id: number | null;
  bus_client: number | null;
  bus_office: number | null;
  bus_type: number | null;
  bus_blocked: boolean | null;
  bus_removed: Date | null;
  session_ended: boolean;
};

export type LoadedActor = {
  actor: Actor;
  validAfter: Date;
  hasBlockedMembership: boolean;
  /** The user's client company was removed by the office (whether or not the membership is also blocked). */
  clientRemoved: boolean;
  sessionEnded: boolean;
};

// Named prepared statement (server/db/client.ts preparedQuery): parsed and planned once per connection.
const LOAD_ACTOR_SQL = `
  SELECT u.id, u.email, u.name, u.code, u.phone, u.picture_key, u.valid_after,
         o.name AS office_name, c.name AS client_name, c.type::text AS client_type,
         ao.id AS acc_id, ao.office_id AS acc_office, ao.type AS acc_type, ao.blocked AS acc_blocked,
         ao.has_payment_access AS acc_payment,
         co.id AS bus_id, co.client_id AS bus_client, c.office_id AS bus_office, co.type AS bus_type,
         co.blocked AS bus_blocked, c.removed_at AS bus_removed,
         ($2::uuid IS NOT NULL AND EXISTS (
            SELECT 1 FROM refresh_tokens rt
             WHERE rt.family_id = $2::uuid AND rt.revoked_at IS NOT NULL)) AS session_ended
    FROM users u
    LEFT JOIN accounting_operators ao ON ao.user_id = u.id
    LEFT JOIN client_operators co ON co.user_id = u.id
    LEFT JOIN accounting_offices o ON o.id = ao.office_id
    LEFT JOIN clients c ON c.id = co.client_id
   WHERE u.id = $1::int`;

/**
 * Hot path of every authenticated call: one query of primary-key and unique-index joins. With the
 * access token's login session (`familyId`), it also says whether that session was revoked (logout,
 * refresh-token reuse, block, removal): an index-only probe on
 * refresh_tokens(family_id, revoked_at).
 */
export async function loadActor(userId: number, familyId: string | null = null): Promise<LoadedActor | null> {
  const rows = await preparedQuery<Row>("load_actor", LOAD_ACTOR_SQL, [userId, familyId]);
  return rows[0] ? toLoadedActor(rows[0]) : null;
}

/**
 * The SQL of ONE statement that loads the actor (user $1, login session $2, as LOAD_ACTOR_SQL) and
 * runs `read` beside it (its rows in `orderBy` order when given), for the hot reads whose data the caller's memberships scope: `read` is a
 * subquery over the CTE `actor` (scope it with ACTOR_SCOPE), its own parameters from $3, kept a
 * subquery of its own (OFFSET 0) so the scope filters its scans. ONE row carries the actor as the
 * jsonb column "actor" (not necessarily the first after the ORDER BY; the others have null); when
 * `read` finds nothing there is one row whose read columns are all null. One round trip instead of
 * two: splitActorRows takes it apart and the caller checks the actor exactly as authenticate() does
 * before it looks at a single data row.
 */
export function withActorSql(read: string, orderBy?: string): string {
  return `
    WITH actor AS (${LOAD_ACTOR_SQL})
    SELECT CASE WHEN row_number() OVER () = 1 THEN to_jsonb(actor) END AS actor, r.*
      FROM actor
      LEFT JOIN LATERAL (SELECT * FROM (${read}) q OFFSET 0) r ON TRUE${
        orderBy
          ? `
     ORDER BY r.${orderBy}`
          : ""
      }`;
}

/**
 * The SQL of ONE statement that loads the actor (user $1, login session $2, as LOAD_ACTOR_SQL) and
 * runs a write beside it: `ctes`, data-modifying CTEs that take the caller from the CTE `writer` —
 * one row (user_id, office_id, owner, operator_id) only when the caller is an accounting operator
 * whom authenticate() accepts (user found, login session not revoked, token issued at $3 not before
 * the user's valid_after, membership not blocked), no row otherwise, so that nothing is written for a
 * caller authenticate() would refuse. `result` is the statement's answer over those CTEs; ONE row
 * carries the actor as the jsonb column "actor", the others have null (one row whose `result` columns
 * are null when it has none), so the caller checks the actor exactly as authenticate() does
 * (splitActorRows). The write's own parameters start at $4.
 *
 * valid_after is compared at millisecond precision, as issuedBeforeValidAfter compares the Date pg
 * gives Node: the SQL never accepts a token that Node would refuse (pg's Date can only be earlier).
 */
export function withActorWriteSql(ctes: string, result: string): string {
  return `
    WITH actor AS (${LOAD_ACTOR_SQL}),
    writer AS (
      SELECT actor.id AS user_id, actor.acc_office AS office_id, (actor.acc_type = 0) AS owner, actor.acc_id AS operator_id
        FROM actor
       WHERE NOT actor.session_ended AND date_trunc('milliseconds', actor.valid_after) <= $3::timestamptz
         AND actor.acc_id IS NOT NULL AND NOT actor.acc_blocked
    ),
    ${ctes}
    SELECT CASE WHEN row_number() OVER () = 1 THEN to_jsonb(actor) END AS actor, r.*
      FROM actor
      LEFT JOIN (${result}) r ON TRUE`;
}

/** withActorWriteSql's caller as the work scope's expressions (clientScopeSql) over `writer`. */
export const WRITER_SCOPE = {
  office: "writer.office_id",
  owner: "writer.owner",
  operator: "writer.operator_id",
  company: "NULL::int",
} as const;

/**
 * The caller's memberships inside withActorSql, as clientScopeSql takes them: a blocked membership,
 * or a removed company, scopes nothing (as loadActor's actor has none).
 */
export const ACTOR_SCOPE = {
  office: "(CASE WHEN NOT actor.acc_blocked THEN actor.acc_office END)",
  owner: "(actor.acc_type = 0)",
  operator: "actor.acc_id",
  company: "(CASE WHEN NOT actor.bus_blocked AND actor.bus_removed IS NULL THEN actor.bus_client END)",
} as const;

/**
 * withActorSql's rows → the loaded actor (from the row that carries it; null: no such user) and the read's rows, those whose
 * `key` column is not null (the LEFT JOIN's empty row has none).
 */
export function splitActorRows<R>(
  rows: ({ actor: Record<string, unknown> | null } & Record<string, unknown>)[],
  key: string,
): { loaded: LoadedActor | null; rows: R[] } {
  const first = rows.find((row) => row.actor !== null);
  if (!first) return { loaded: null, rows: [] };
  const json = first.actor as Row & { valid_after: string | Date; bus_removed: string | Date | null };
  const loaded = toLoadedActor({
    ...json,
    valid_after: new Date(json.valid_after),
    bus_removed: json.bus_removed === null ? null : new Date(json.bus_removed),
  });
  return { loaded, rows: rows.filter((row) => row[key] !== null) as R[] };
}

function toLoadedActor(row: Row): LoadedActor {
  const accountingActive = row.acc_id !== null && !row.acc_blocked;
  const businessActive = row.bus_id !== null && !row.bus_blocked && row.bus_removed === null;
  return {
    validAfter: row.valid_after,
    sessionEnded: row.session_ended,
    hasBlockedMembership: Boolean(row.acc_blocked) || Boolean(row.bus_blocked),
    clientRemoved: row.bus_id !== null && row.bus_removed !== null,
    actor: {
      userId: row.id,
      email: row.email,
      name: row.name,
      profile: {
        code: row.code,
        phone: row.phone,
        pictureKey: row.picture_key,
        officeName: row.office_name,
        clientName: row.client_name,
        clientType: row.client_type,
      },
      accounting: accountingActive
        ? {
            operatorId: row.acc_id!,
            officeId: row.acc_office!,
            type: row.acc_type!,
            hasPaymentAccess: Boolean(row.acc_payment),
          }
        : null,
      business: businessActive
        ? { operatorId: row.bus_id!, clientId: row.bus_client!, officeId: row.bus_office!, type: row.bus_type! }
        : null,
    },
  };
}

/** True when a token issued at `issuedAtMs` predates the user's "valid after" instant. */
export function issuedBeforeValidAfter(issuedAtMs: number, validAfter: Date): boolean {
  return issuedAtMs < validAfter.getTime();
}
