import "server-only";
import type { ClientBusyAnswer } from "@/lib/contract/clients";
import type { Actor } from "@/server/policy/actor";
import { getClientCard } from "./list-clients";

// POST /api/client/busy {clientId}, polled every POLL_INTERVAL_MS: who else is working the client. The
// same two queries as the card, so the list and the poll can never disagree on what busy means.
export async function getClientBusy({ actor, body }: { actor: Actor; body: { clientId: number } }): Promise<ClientBusyAnswer> {
  const card = await getClientCard({ actor, body });
  return { busy: card.busy };
}
