import { refreshBody } from "@/lib/contract/auth";
import { logout } from "@/server/auth/refresh";
import { publicRoute, otherMethods } from "@/server/http/route";

// POST /api/token/logout/ — revoke the login session of {refresh}
export const POST = publicRoute({ body: refreshBody }, ({ body }) => logout(body.refresh));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
