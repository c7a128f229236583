import "server-only";
import { clientData, type ClientAnswer, type ClientRequestBody, type LogoAnswer } from "@/lib/contract/offices";
import { messages } from "@/lib/i18n/messages";
import { getDb, statementRows } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import { AppError } from "@/server/errors";
import type { Actor, BusinessMembership } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { clientsVisibleTo } from "@/server/policy/scopes";
import { clientAnswer, type ClientAnswerRow } from "@/server/offices/answers";
import { clientRow, saveOrganizationData, saveOrganizationLogo } from "@/server/offices/organization";
import { z } from "@/lib/contract/zod";

function companyOf(actor: Actor): BusinessMembership {
  assertCan(actor, "platform.business", null);
  if (!actor.business) throw new AppError("forbidden", messages.office.noClient);
  return actor.business;
}

// The caller's own company ($1: its active business membership's, companyOf), while not removed.
const OWN_CLIENT_SQL = `
  SELECT c.id, c.type::text AS type, c.name, c.code, c.email, c.phone, c.picture_key AS "pictureKey",
         c.cep, c.street, c.number, c.neighboor, c.city, c.state
    FROM clients c
   WHERE c.id = $1::int AND c.removed_at IS NULL`;

// GET /api/client: the business caller's own company.
export async function getOwnClient({ actor }: { actor: Actor }): Promise<ClientAnswer> {
  const { clientId } = companyOf(actor);
  const [row] = await statementRows<ClientAnswerRow>(getDb(), OWN_CLIENT_SQL, [clientId]);
  if (!row) throw new AppError("not_found", messages.office.notFound);
  return clientAnswer(row);
}

// POST /api/client {clientId}: a client the accounting caller can see; another's answers 404.
export async function getClientForOffice({
  actor,
  clientId,
}: {
  actor: Actor;
  clientId: number;
}): Promise<ClientAnswer> {
  assertCan(actor, "platform.accounting", null);
  const scope = clientsVisibleTo({ ...actor, business: null });
  const row = await getDb().client.findFirst({ where: { AND: [{ id: clientId }, scope] } });
  if (!row) throw new AppError("not_found", messages.office.notFound);
  return clientAnswer(row);
}

// POST /api/client {client}: the own company's data; the client's owner (type 0) only. The rules depend
// on the stored type (CNPJ or CPF, required or optional e-mail and phone), so the body is checked here;
// zod paths stay `client.<field>` for the form.
export async function saveOwnClient({
  actor,
  body,
}: {
  actor: Actor;
  body: { client: unknown };
}): Promise<ClientAnswer> {
  const { clientId, officeId } = companyOf(actor);
  assertCan(actor, "client.edit", null);
  const current = await getDb().client.findFirst({ where: { id: clientId, removedAt: null }, select: { type: true } });
  if (!current) throw new AppError("not_found", messages.office.notFound);
  const { client } = z.object({ client: clientData(current.type) }).parse(body);
  const row = await saveOrganizationData(actor, clientRow(officeId, clientId), client).catch((error: unknown) => {
    // The office's clients are unique by CPF/CNPJ (index clients(office_id, code)).
    if (isUniqueViolation(error)) {
      throw new AppError("conflict", messages.office.codeInUse, {
        fields: [{ path: "client.code", message: messages.office.codeInUse }],
      });
    }
    throw error;
  });
  return clientAnswer(row);
}

/** POST /api/client: one path, two calls (contract) told apart by the body's shape. */
export function clientRequest({ actor, body }: { actor: Actor; body: ClientRequestBody }): Promise<ClientAnswer> {
  return "clientId" in body ? getClientForOffice({ actor, clientId: body.clientId }) : saveOwnClient({ actor, body });
}

// POST /api/client/logo: the own company's logo; the client's owner only.
export async function saveOwnClientLogo({
  actor,
  body,
}: {
  actor: Actor;
  body: { base64url: string };
}): Promise<LogoAnswer> {
  const { clientId, officeId } = companyOf(actor);
  assertCan(actor, "client.edit", null);
  return saveOrganizationLogo(actor, clientRow(officeId, clientId), body.base64url);
}
