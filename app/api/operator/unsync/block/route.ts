import { blockUnsyncBody } from "@/lib/contract/categorization";
import { unsyncBlock } from "@/server/categorization/block-sync";
import { route, otherMethods } from "@/server/http/route";

// POST /api/operator/unsync/block — {clientId?}: the caller left the categorization screen; presence and
// claims released
export const POST = route({ body: blockUnsyncBody }, ({ actor, body }) => unsyncBlock({ actor, body }));
// GET /api/operator/unsync/block — every client's: spec §7 sends a call without payload as GET
export const GET = route({}, ({ actor }) => unsyncBlock({ actor, body: {} }));

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
