import { operatorTargetBody } from "@/lib/contract/operators";
import { route, otherMethods } from "@/server/http/route";
import { toggleAdmin } from "@/server/operators/toggle-admin";

// POST /api/operator/change/admin — toggles a colleague between admin and regular
export const POST = route({ body: operatorTargetBody }, ({ actor, body }) => toggleAdmin({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
