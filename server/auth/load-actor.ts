import "server-only";
import { getDb, statementRows } from "@/server/db/client";
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

// A prepared statement (server/db/client.ts statementRows): parsed and planned once per connection.
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
  const rows = await statementRows<Row>(getDb(), LOAD_ACTOR_SQL, [userId, familyId]);
  return rows[0] ? toLoadedActor(rows[0]) : null;
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
