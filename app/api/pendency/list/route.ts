import { pendencyListBody } from "@/lib/contract/blocks";
import { listPendencies } from "@/server/pendencies/list-pendencies";
import { route, otherMethods } from "@/server/http/route";

// POST /api/pendency/list — {clientId, year?}: the client's pendencies, open and solved, newest first
export const POST = route({ body: pendencyListBody }, ({ actor, body }) => listPendencies({ actor, body }));

// GET /api/pendency/list — the same call without payload (spec §7: a call without payload is a GET)
export const GET = POST;

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
