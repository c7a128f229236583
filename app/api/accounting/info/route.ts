import { officeBody } from "@/lib/contract/offices";
import { route, otherMethods } from "@/server/http/route";
import { getOffice, saveOffice } from "@/server/offices/office";

// GET /api/accounting/info — the caller's office
export const GET = route({}, ({ actor }) => getOffice({ actor }));
// POST /api/accounting/info — save the office's data (owner only)
export const POST = route({ body: officeBody }, ({ actor, body }) => saveOffice({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
