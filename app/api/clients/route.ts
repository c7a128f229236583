import { clientIdBody } from "@/lib/contract/clients";
import { clientCardsRead, getClientCard, listClients, type CardRow } from "@/server/clients/list-clients";
import { route, otherMethods } from "@/server/http/route";

// GET /api/clients — the accounting caller's visible clients as cards, sorted by name
export const GET = route({ read: () => clientCardsRead() }, ({ actor, rows }) =>
  listClients({ actor, rows: rows as CardRow[] }),
);
// POST /api/clients — {clientId}: that one card
export const POST = route({ body: clientIdBody, read: (body) => clientCardsRead(body.clientId) }, ({ actor, rows }) =>
  getClientCard({ actor, rows: rows as CardRow[] }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
