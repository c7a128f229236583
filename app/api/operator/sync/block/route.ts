import { categorizationClientBody } from "@/lib/contract/categorization";
import { syncBlock } from "@/server/categorization/block-sync";
import { route, otherMethods } from "@/server/http/route";

// POST /api/operator/sync/block — {clientId}: heartbeat of the categorization screen (count, operators on
// it; renews claims)
export const POST = route({ body: categorizationClientBody }, ({ actor, body }) => syncBlock({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
