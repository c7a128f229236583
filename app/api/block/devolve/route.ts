import { blockDevolveBody } from "@/lib/contract/blocks";
import { devolveBlock } from "@/server/blocks/devolve-block";
import { route, otherMethods } from "@/server/http/route";

// POST /api/block/devolve — {blockId}: give a not-contabilised block back to the client, for good
export const POST = route({ body: blockDevolveBody }, ({ actor, body }) => devolveBlock({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
