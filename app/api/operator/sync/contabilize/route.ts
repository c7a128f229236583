import { contabilizeSyncBody } from "@/lib/contract/contabilization";
import { syncContabilize } from "@/server/contabilization/sync";
import { route, otherMethods } from "@/server/http/route";

// POST /api/operator/sync/contabilize — {clientId, year?, month?}: take or renew the client's lease; the
// month's page data
export const POST = route({ body: contabilizeSyncBody }, ({ actor, body }) => syncContabilize({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
