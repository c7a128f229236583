import { clientIdBody } from "@/lib/contract/clients";
import { getClientCard, listClients, loadCardRows } from "@/server/clients/list-clients";
import { route, otherMethods } from "@/server/http/route";

// GET /api/clients — the accounting caller's visible clients as cards, sorted by name
export const GET = route({}, ({ actor }) => listClients({ actor }));
// POST /api/clients — {clientId}: that one card
export const POST = route({ body: clientIdBody }, async ({ actor, body }) =>
  getClientCard({ actor, rows: await loadCardRows(actor, body.clientId) }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
