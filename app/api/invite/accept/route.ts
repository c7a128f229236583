import { inviteAcceptBody } from "@/lib/contract/invites";
import { publicRoute } from "@/server/http/route";
import { acceptInvite } from "@/server/invites/accept";

// POST /api/invite/accept — accept an invite link and log in (public)
export const POST = publicRoute({ body: inviteAcceptBody }, ({ body }) => acceptInvite(body));
