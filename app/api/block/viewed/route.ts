import { blockIdBody } from "@/lib/contract/blocks";
import { markViewed } from "@/server/blocks/mark-viewed";
import { route, otherMethods } from "@/server/http/route";

// POST /api/block/viewed — {blockId}: the caller opened the block (idempotent)
export const POST = route({ body: blockIdBody }, ({ actor, body }) => markViewed({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
