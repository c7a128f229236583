import { sentBlocksBody } from "@/lib/contract/business";
import { listSentBlocks } from "@/server/blocks/sent-blocks";
import { route, otherMethods } from "@/server/http/route";

// POST /api/block/sent — {operatorId, year?, month?}: that operator's sent blocks of the period (the
// caller's or a sharing colleague's), newest first
export const POST = route({ body: sentBlocksBody }, ({ actor, body }) => listSentBlocks({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
