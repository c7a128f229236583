import { pendencyCreateBody } from "@/lib/contract/categorization";
import { createPendency } from "@/server/pendencies/create-pendency";
import { route, otherMethods } from "@/server/http/route";

// POST /api/pendency/create — {blockId, issue, observations}: 'Reportar problema' on a block (releases its claim)
export const POST = route({ body: pendencyCreateBody }, ({ actor, body }) => createPendency({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
