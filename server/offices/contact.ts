import "server-only";
import type { ContactAnswer } from "@/lib/contract/offices";
import { messages } from "@/lib/i18n/messages";
import { getDb, type Prisma } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { clientsVisibleTo } from "@/server/policy/scopes";
import { contactPerson } from "./answers";

const contactSelect = {
  office: { select: { name: true, phone: true, email: true, pictureKey: true } },
  responsibleOperator: { select: { user: { select: { name: true, phone: true, email: true, pictureKey: true } } } },
} satisfies Prisma.ClientSelect;

async function contactOf(where: Prisma.ClientWhereInput): Promise<ContactAnswer> {
  const client = await getDb().client.findFirst({ where, select: contactSelect });
  if (!client) throw new AppError("not_found", messages.office.notFound);
  return { accounting: contactPerson(client.office), operator: contactPerson(client.responsibleOperator.user) };
}

// GET /api/accounting/contact: the office and the responsible operator of the caller's company.
export async function getOwnContact({ actor }: { actor: Actor }): Promise<ContactAnswer> {
  assertCan(actor, "platform.business", null);
  if (!actor.business) throw new AppError("forbidden", messages.office.noClient);
  return contactOf({ id: actor.business.clientId, removedAt: null });
}

// POST /api/accounting/contact: the same for a client the accounting caller can see (404 otherwise).
export async function getClientContact({
  actor,
  body,
}: {
  actor: Actor;
  body: { clientId: number };
}): Promise<ContactAnswer> {
  assertCan(actor, "platform.accounting", null);
  if (!actor.accounting) throw new AppError("forbidden", messages.office.noOffice);
  // Only the accounting side of the scope: a user of both platforms asks as an office operator here.
  return contactOf({
    AND: [{ id: body.clientId, officeId: actor.accounting.officeId }, clientsVisibleTo({ ...actor, business: null })],
  });
}
