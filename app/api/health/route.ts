import { checkHealth } from "@/server/health";
import { publicRoute } from "@/server/http/route";

// GET /api/health — the app answers and its database is reachable
export const GET = publicRoute({}, () => checkHealth());
