import { blockSaveBody } from "@/lib/contract/blocks";
import { saveBlock } from "@/server/blocks/save-block";
import { route, otherMethods } from "@/server/http/route";

// POST /api/block/save — {block: {id, date, value, accountId}, version?}: categorise a block (409 on a
// stale version; without one, the last writer wins).
export const POST = route({ body: blockSaveBody }, ({ actor, body }) => saveBlock({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
