import { duplicateDismissBody } from "@/lib/contract/blocks";
import { dismissDuplicate } from "@/server/blocks/dismiss-duplicate";
import { route, otherMethods } from "@/server/http/route";

// POST /api/block/duplicate/dismiss — {blockId, otherBlockId}: 'Não é duplicado' (idempotent)
export const POST = route({ body: duplicateDismissBody }, ({ actor, body }) => dismissDuplicate({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
