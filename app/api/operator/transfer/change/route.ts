import { clientOperatorBody } from "@/lib/contract/sharing";
import { transferClient } from "@/server/clients/transfer-client";
import { route, otherMethods } from "@/server/http/route";

// POST /api/operator/transfer/change {clientId, accountingOperatorId} — makes that operator responsible.
export const POST = route({ body: clientOperatorBody }, ({ actor, body }) => transferClient({ actor, body }));

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
