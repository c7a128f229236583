import { retentionHoldBody } from "@/lib/contract/privacy";
import { route, otherMethods } from "@/server/http/route";
import { clientRetentionHold } from "@/server/privacy/retention-settings";

// POST /api/client/retention — {clientId} reads, {clientId, held} sets or lifts the client's 'Suspender exclusão'.
export const POST = route({ body: retentionHoldBody }, ({ actor, body }) => clientRetentionHold({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
