import { refreshBody } from "@/lib/contract/auth";
import { refreshSession } from "@/server/auth/refresh";
import { publicRoute, otherMethods } from "@/server/http/route";

// POST /api/token/refresh/ — rotate the pair: {refresh} → {access, refresh}
export const POST = publicRoute({ body: refreshBody }, ({ body }) => refreshSession(body.refresh));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
