import { clientRequestBody } from "@/lib/contract/offices";
import { clientRequest, getOwnClient } from "@/server/clients/client-detail";
import { route, otherMethods } from "@/server/http/route";

// GET /api/client — the business caller's own company
export const GET = route({}, ({ actor }) => getOwnClient({ actor }));
// POST /api/client — {clientId}: a client of the caller's office; {client}: save the own company
export const POST = route({ body: clientRequestBody }, ({ actor, body }) => clientRequest({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
