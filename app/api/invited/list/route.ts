import { inviteListBody } from "@/lib/contract/invites";
import { route, otherMethods } from "@/server/http/route";
import { listInvites } from "@/server/invites/manage";

// GET /api/invited/list — pending operator invites of the caller's platform
export const GET = route({}, ({ actor }) => listInvites({ actor }));
// POST /api/invited/list — pending invites of a kind ('operator' | 'client') and platform
export const POST = route({ body: inviteListBody }, ({ actor, body }) => listInvites({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
