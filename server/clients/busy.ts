import "server-only";
import type { ClientBusyAnswer } from "@/lib/contract/clients";
import type { Actor } from "@/server/policy/actor";
import { signDocumentUrl } from "@/server/documents/signed-url";
import { getClientCard, loadCardRows } from "./list-clients";

// POST /api/client/busy {clientId}, polled every POLL_INTERVAL_MS: who else is working the client. The
// card's own statement (loadCardRows), so the list and the poll can never disagree on what busy means;
// `contabilizing` is the other operator holding the client's unexpired contabilization lease (the lease
// alone, not a categorization presence: it disables Contabilizar).
export async function getClientBusy({
  actor,
  clientId,
}: {
  actor: Actor;
  clientId: number;
}): Promise<ClientBusyAnswer> {
  const rows = await loadCardRows(actor, clientId);
  const card = await getClientCard({ actor, rows });
  const lease = rows[0];
  return {
    busy: card.busy,
    contabilizing:
      lease.leaseName === null
        ? null
        : { name: lease.leaseName, pictureUrl: lease.leasePictureKey ? signDocumentUrl(lease.leasePictureKey) : null },
  };
}
