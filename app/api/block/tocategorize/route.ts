import { categorizationClientBody } from "@/lib/contract/categorization";
import { toCategorize } from "@/server/categorization/to-categorize";
import { route, otherMethods } from "@/server/http/route";

// POST /api/block/tocategorize — {clientId}: the next block to categorise and the one after it, claimed
// for the caller.
export const POST = route({ body: categorizationClientBody }, ({ actor, body }) => toCategorize({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
