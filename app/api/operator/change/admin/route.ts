import { operatorTargetBody } from "@/lib/contract/operators";
import { route } from "@/server/http/route";
import { toggleAdmin } from "@/server/operators/toggle-admin";

// POST /api/operator/change/admin — toggles a colleague between admin and regular
export const POST = route({ body: operatorTargetBody }, ({ actor, body }) => toggleAdmin({ actor, body }));
