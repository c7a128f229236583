import { clientIdBody } from "@/lib/contract/sharing";
import { listTransferTargets } from "@/server/clients/transfer-client";
import { route, otherMethods } from "@/server/http/route";

// POST /api/operator/transfer {clientId} — the operators the client may be transferred to.
export const POST = route({ body: clientIdBody }, ({ actor, body }) => listTransferTargets({ actor, body }));

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
