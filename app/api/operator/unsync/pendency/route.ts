import { unsyncPendency } from "@/server/pendencies/pendency-presence";
import { route, otherMethods } from "@/server/http/route";

// POST /api/operator/unsync/pendency — the caller left the pendency screen: its presence row is removed
export const POST = route({}, ({ actor }) => unsyncPendency({ actor }));
// GET /api/operator/unsync/pendency — the same: spec §7 sends a call without payload as GET
export const GET = POST;

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
