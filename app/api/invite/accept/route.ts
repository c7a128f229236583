import { inviteAcceptBody } from "@/lib/contract/invites";
import { publicRoute, otherMethods } from "@/server/http/route";
import { acceptInvite } from "@/server/invites/accept";

// POST /api/invite/accept — accept an invite link and log in (public)
export const POST = publicRoute({ body: inviteAcceptBody }, ({ body }) => acceptInvite(body));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
