import { clientOperatorBody } from "@/lib/contract/sharing";
import { toggleShare } from "@/server/clients/share-client";
import { route, otherMethods } from "@/server/http/route";

// POST /api/operator/shared/change {clientId, accountingOperatorId} — flips one share; answers the list.
export const POST = route({ body: clientOperatorBody }, ({ actor, body }) => toggleShare({ actor, body }));

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
