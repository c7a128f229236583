import "server-only";
import type { OperatorAnswer, Platform } from "@/lib/contract/operators";
import { Prisma, type Db, type Tx } from "@/server/db/client";
import { signDocumentUrl } from "@/server/documents/signed-url";

type Row = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  type: number;
  blocked: boolean;
  shared_to: boolean;
  code: string | null;
  picture_key: string | null;
  has_payment_access: boolean;
};

/** Which operators to read: a whole office or client company (a list) or one operator by id. */
export type OperatorFilter = { officeId: number } | { clientId: number } | { operatorId: number };

function whereOf(alias: "ao" | "co", filter: OperatorFilter): Prisma.Sql {
  const column = Prisma.raw(alias);
  if ("operatorId" in filter) return Prisma.sql`${column}.id = ${filter.operatorId}`;
  // A list leaves out the people whose data was erased (docs/decisions/0311-personal-data.md): their
  // membership rows stay, blocked, only for the books' references.
  if ("officeId" in filter) return Prisma.sql`ao.office_id = ${filter.officeId} AND u.erased_at IS NULL`;
  return Prisma.sql`co.client_id = ${filter.clientId} AND u.erased_at IS NULL`;
}

// One query per list (operator joined with its user), never one per row. Order: type, then name
// case-insensitively, then id so equal names keep a stable order.
export async function selectOperators(
  db: Db | Tx,
  platform: Platform,
  filter: OperatorFilter,
): Promise<OperatorAnswer[]> {
  const rows =
    platform === "accounting"
      ? await db.$queryRaw<Row[]>`
          SELECT ao.id, u.name, u.email, u.phone, ao.type::int AS type, ao.blocked, false AS shared_to, u.code,
                 u.picture_key, ao.has_payment_access
            FROM accounting_operators ao JOIN users u ON u.id = ao.user_id
           WHERE ${whereOf("ao", filter)}
           ORDER BY ao.type, lower(u.name), ao.id`
      : await db.$queryRaw<Row[]>`
          SELECT co.id, u.name, u.email, u.phone, co.type::int AS type, co.blocked, co.shared_gallery AS
            shared_to, u.code,
                 u.picture_key, false AS has_payment_access
            FROM client_operators co JOIN users u ON u.id = co.user_id
           WHERE ${whereOf("co", filter)}
           ORDER BY co.type, lower(u.name), co.id`;
  return rows.map(toOperatorAnswer);
}

function toOperatorAnswer(row: Row): OperatorAnswer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    type: row.type,
    blocked: row.blocked,
    sharedTo: row.shared_to,
    code: row.code,
    pictureUrl: row.picture_key ? signDocumentUrl(row.picture_key) : null,
    hasPaymentAccess: row.has_payment_access,
  };
}

/** The one operator of `platform` with this id (already checked to be in the caller's scope). */
export async function selectOperator(db: Db | Tx, platform: Platform, operatorId: number): Promise<OperatorAnswer> {
  const [operator] = await selectOperators(db, platform, { operatorId });
  if (!operator) throw new Error(`operator ${platform}/${operatorId} vanished inside its transaction`);
  return operator;
}
