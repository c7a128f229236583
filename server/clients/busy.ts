import "server-only";
import type { ClientBusyAnswer } from "@/lib/contract/clients";
import type { Actor, AccountingMembership } from "@/server/policy/actor";
import { getDb } from "@/server/db/client";
import { signDocumentUrl } from "@/server/documents/signed-url";
import { getClientCard } from "./list-clients";

// POST /api/client/busy {clientId}, polled every POLL_INTERVAL_MS: who else is working the client. The
// same two queries as the card, so the list and the poll can never disagree on what busy means; then
// one more for `contabilizing`, the other operator holding the client's unexpired contabilization
// lease (the lease alone, not a categorization presence: it disables Contabilizar).
export async function getClientBusy({ actor, body }: { actor: Actor; body: { clientId: number } }): Promise<ClientBusyAnswer> {
  const card = await getClientCard({ actor, body });
  const operatorId = (actor.accounting as AccountingMembership).operatorId;
  const lease = await getDb().contabilizationLease.findFirst({
    where: { clientId: card.id, expiresAt: { gt: new Date() }, operatorId: { not: operatorId } },
    select: { operator: { select: { user: { select: { name: true, pictureKey: true } } } } },
  });
  const holder = lease?.operator.user;
  return {
    busy: card.busy,
    contabilizing: holder ? { name: holder.name, pictureUrl: holder.pictureKey ? signDocumentUrl(holder.pictureKey) : null } : null,
  };
}
