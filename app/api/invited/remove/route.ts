import { inviteRemoveBody } from "@/lib/contract/invites";
import { route, otherMethods } from "@/server/http/route";
import { removeInvite } from "@/server/invites/manage";

// POST /api/invited/remove — withdraw a pending invite
export const POST = route({ body: inviteRemoveBody }, ({ actor, body }) => removeInvite({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
