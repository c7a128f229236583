import { blockIdBody } from "@/lib/contract/blocks";
import { blockHistory } from "@/server/history/block-history";
import { route, otherMethods } from "@/server/http/route";

// POST /api/block/history — {blockId}: what happened to the block, oldest first
export const POST = route({ body: blockIdBody }, ({ actor, body }) => blockHistory({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
