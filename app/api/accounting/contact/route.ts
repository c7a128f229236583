import { clientIdBody } from "@/lib/contract/offices";
import { route, otherMethods } from "@/server/http/route";
import { getClientContact, getOwnContact } from "@/server/offices/contact";

// GET /api/accounting/contact — the office and responsible operator of the caller's company
export const GET = route({}, ({ actor }) => getOwnContact({ actor }));
// POST /api/accounting/contact — the same for a client of the caller's office
export const POST = route({ body: clientIdBody }, ({ actor, body }) => getClientContact({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
