import { resetCheckBody } from "@/lib/contract/invites";
import { publicRoute, otherMethods } from "@/server/http/route";
import { checkResetToken } from "@/server/passwords/reset";

// POST /api/password/reset/check — whether a reset link can still be used, read-only (public)
export const POST = publicRoute({ body: resetCheckBody }, ({ body }) => checkResetToken(body));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
