import { inviteTokenBody } from "@/lib/contract/invites";
import { publicRoute, otherMethods } from "@/server/http/route";
import { inviteInfo } from "@/server/invites/accept";

// POST /api/invite/info — what an invite link is for (public)
export const POST = publicRoute({ body: inviteTokenBody }, ({ body }) => inviteInfo(body));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
