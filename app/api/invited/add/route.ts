import { inviteAddBody } from "@/lib/contract/invites";
import { route } from "@/server/http/route";
import { addInvite } from "@/server/invites/manage";

// POST /api/invited/add — invite an operator by e-mail (owner or admin)
export const POST = route({ body: inviteAddBody }, ({ actor, body }) => addInvite({ actor, body }));
