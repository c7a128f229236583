import { clientRequestBody } from "@/lib/contract/offices";
import { clientRequest, getOwnClient, ownClientRead } from "@/server/clients/client-detail";
import { route, otherMethods } from "@/server/http/route";
import type { ClientAnswerRow } from "@/server/offices/answers";

// GET /api/client — the business caller's own company
export const GET = route({ read: () => ownClientRead() }, ({ actor, rows }) =>
  getOwnClient({ actor, rows: rows as ClientAnswerRow[] }),
);
// POST /api/client — {clientId}: a client of the caller's office; {client}: save the own company
export const POST = route({ body: clientRequestBody }, ({ actor, body }) => clientRequest({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
