import { refreshBody } from "@/lib/contract/auth";
import { logout } from "@/server/auth/refresh";
import { publicRoute } from "@/server/http/route";

// POST /api/token/logout/ — revoke the login session of {refresh}
export const POST = publicRoute({ body: refreshBody }, ({ body }) => logout(body.refresh));
