import { route } from "@/server/http/route";
import { getMe } from "@/server/users/get-me";

// GET /api/me/ — the caller's profile and memberships
export const GET = route({}, ({ actor }) => getMe({ actor }));
