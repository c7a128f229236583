import { operatorTargetBody } from "@/lib/contract/operators";
import { route } from "@/server/http/route";
import { toggleBlock } from "@/server/operators/toggle-block";

// POST /api/operator/block/change — blocks (ending the target's sessions) or unblocks a colleague
export const POST = route({ body: operatorTargetBody }, ({ actor, body }) => toggleBlock({ actor, body }));
