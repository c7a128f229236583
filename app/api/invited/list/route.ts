import { inviteListBody } from "@/lib/contract/invites";
import { route } from "@/server/http/route";
import { listInvites } from "@/server/invites/manage";

// GET /api/invited/list — pending operator invites of the caller's platform
export const GET = route({}, ({ actor }) => listInvites({ actor }));
// POST /api/invited/list — pending invites of a kind ('operator' | 'client') and platform
export const POST = route({ body: inviteListBody }, ({ actor, body }) => listInvites({ actor, body }));
