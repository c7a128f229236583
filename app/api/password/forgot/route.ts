import { forgotPasswordBody } from "@/lib/contract/invites";
import { publicRoute, otherMethods } from "@/server/http/route";
import { forgotPassword } from "@/server/passwords/reset";

// POST /api/password/forgot — e-mail a reset link if the account exists; always {} (public)
export const POST = publicRoute({ body: forgotPasswordBody }, ({ body }) => forgotPassword(body));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
