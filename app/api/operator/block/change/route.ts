import { operatorTargetBody } from "@/lib/contract/operators";
import { route, otherMethods } from "@/server/http/route";
import { toggleBlock } from "@/server/operators/toggle-block";

// POST /api/operator/block/change — blocks (ending the target's sessions) or unblocks a colleague
export const POST = route({ body: operatorTargetBody }, ({ actor, body }) => toggleBlock({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
