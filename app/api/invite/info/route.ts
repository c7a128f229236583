import { inviteTokenBody } from "@/lib/contract/invites";
import { publicRoute } from "@/server/http/route";
import { inviteInfo } from "@/server/invites/accept";

// POST /api/invite/info — what an invite link is for (public)
export const POST = publicRoute({ body: inviteTokenBody }, ({ body }) => inviteInfo(body));
