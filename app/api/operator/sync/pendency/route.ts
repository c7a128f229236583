import { syncPendency } from "@/server/pendencies/pendency-presence";
import { route, otherMethods } from "@/server/http/route";

// POST /api/operator/sync/pendency — heartbeat of the pendency screen: the open count and the company's
// operators on it
export const POST = route({}, ({ actor }) => syncPendency({ actor }));
// GET /api/operator/sync/pendency — the same: spec §7 sends a call without payload as GET
export const GET = POST;

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
