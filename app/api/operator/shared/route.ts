import { clientIdBody } from "@/lib/contract/sharing";
import { listShares } from "@/server/clients/share-client";
import { route, otherMethods } from "@/server/http/route";

// POST /api/operator/shared {clientId} — the office's operators with isShared; responsible only.
export const POST = route({ body: clientIdBody }, ({ actor, body }) => listShares({ actor, body }));

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
