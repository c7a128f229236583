import { resetPasswordBody } from "@/lib/contract/invites";
import { publicRoute, otherMethods } from "@/server/http/route";
import { resetPassword } from "@/server/passwords/reset";

// POST /api/password/reset — set a new password from a reset link (public)
export const POST = publicRoute({ body: resetPasswordBody }, ({ body }) => resetPassword(body));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
