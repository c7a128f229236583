import { forgotPasswordBody } from "@/lib/contract/invites";
import { publicRoute } from "@/server/http/route";
import { forgotPassword } from "@/server/passwords/reset";

// POST /api/password/forgot — e-mail a reset link if the account exists; always {} (public)
export const POST = publicRoute({ body: forgotPasswordBody }, ({ body }) => forgotPassword(body));
