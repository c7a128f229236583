import { inviteAddBody } from "@/lib/contract/invites";
import { route, otherMethods } from "@/server/http/route";
import { addInvite } from "@/server/invites/manage";

// POST /api/invited/add — invite an operator by e-mail (owner or admin)
export const POST = route({ body: inviteAddBody }, ({ actor, body }) => addInvite({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
