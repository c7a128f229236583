import { resetPasswordBody } from "@/lib/contract/invites";
import { publicRoute } from "@/server/http/route";
import { resetPassword } from "@/server/passwords/reset";

// POST /api/password/reset — set a new password from a reset link (public)
export const POST = publicRoute({ body: resetPasswordBody }, ({ body }) => resetPassword(body));
