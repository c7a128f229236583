import { categorizationClientBody } from "@/lib/contract/categorization";
import { claimWrite } from "@/server/categorization/queue";
import { toCategorize } from "@/server/categorization/to-categorize";
import { route, otherMethods } from "@/server/http/route";

// POST /api/block/tocategorize — {clientId}: the next block to categorise and the one after it, claimed
// for the caller by the statement that loads the caller.
export const POST = route({ body: categorizationClientBody, read: claimWrite }, ({ actor, body, rows }) =>
  toCategorize({ actor, body, rows }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
