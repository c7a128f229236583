import "server-only";
import type { MeAnswer } from "@/lib/contract/auth";
import { getDb } from "@/server/db/client";
import { signDocumentUrl } from "@/server/documents/signed-url";
import type { Actor } from "@/server/policy/actor";

type Row = {
  code: string | null;
  phone: string | null;
  picture_key: string | null;
  office_name: string | null;
  client_name: string | null;
  client_type: "juridicPerson" | "individual" | null;
};

// GET /api/me/: the caller's profile and active memberships (blocked ones are absent). One query on
// top of the actor's: this is called on every page load.
export async function getMe({ actor }: { actor: Actor }): Promise<MeAnswer> {
  const officeId = actor.accounting?.officeId ?? null;
  const clientId = actor.business?.clientId ?? null;
  const [row] = await getDb().$queryRaw<Row[]>`
    SELECT u.code, u.phone, u.picture_key, o.name AS office_name, c.name AS client_name,
           c.type::text AS client_type
      FROM users u
      LEFT JOIN accounting_offices o ON o.id = ${officeId}
      LEFT JOIN clients c ON c.id = ${clientId}
     WHERE u.id = ${actor.userId}`;
  const { accounting, business } = actor;
  return {
    id: actor.userId,
    name: actor.name,
    email: actor.email,
    code: row?.code ?? null,
    phone: row?.phone ?? null,
    pictureUrl: row?.picture_key ? signDocumentUrl(row.picture_key) : null,
    isAccouting: Boolean(accounting),
    isBussiness: Boolean(business),
    accounting: accounting && row?.office_name ? { ...accounting, officeName: row.office_name } : null,
    business:
      business && row?.client_name && row.client_type
        ? { operatorId: business.operatorId, type: business.type, clientId: business.clientId, clientName: row.client_name, clientType: row.client_type }
        : null,
  };
}
