import { contabilizeSyncBody } from "@/lib/contract/contabilization";
import { createContabilizationLink } from "@/server/contabilization/link";
import { route, otherMethods } from "@/server/http/route";

// POST /api/operator/contabilization/link — {clientId, year?, month?}: a fresh one-time QR link and the
// client's accounts and categorised blocks
export const POST = route({ body: contabilizeSyncBody }, ({ actor, body }) =>
  createContabilizationLink({ actor, body }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
