import { checkHealth } from "@/server/health";
import { publicRoute, otherMethods } from "@/server/http/route";

// GET /api/health — the app answers and its database is reachable
export const GET = publicRoute({}, () => checkHealth());

// Any other verb: 405 in the envelope, with Allow.
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
