import { clientIdBody } from "@/lib/contract/sharing";
import { removeClient } from "@/server/clients/remove-client";
import { route, otherMethods } from "@/server/http/route";

// POST /api/client/remove {clientId} — soft removal by the responsible operator (path ours: docs/api.md).
export const POST = route({ body: clientIdBody }, ({ actor, body }) => removeClient({ actor, body }));

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
