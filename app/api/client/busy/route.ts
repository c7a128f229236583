import { clientIdBody } from "@/lib/contract/clients";
import { getClientBusy } from "@/server/clients/busy";
import { route, otherMethods } from "@/server/http/route";

// POST /api/client/busy — {clientId}: another operator working the client, or null (polled)
export const POST = route({ body: clientIdBody }, ({ actor, body }) =>
  getClientBusy({ actor, clientId: body.clientId }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
