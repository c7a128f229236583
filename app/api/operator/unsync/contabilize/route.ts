import { contabilizeUnsyncBody } from "@/lib/contract/contabilization";
import { unsyncContabilize } from "@/server/contabilization/sync";
import { route, otherMethods } from "@/server/http/route";

// POST /api/operator/unsync/contabilize — {clientId?}: leaving the page releases the caller's lease
export const POST = route({ body: contabilizeUnsyncBody }, ({ actor, body }) => unsyncContabilize({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
