import { route, otherMethods } from "@/server/http/route";
import { getMe } from "@/server/users/get-me";

// GET /api/me/ — the caller's profile and memberships
export const GET = route({}, ({ actor }) => getMe({ actor }));

// Any other verb: 405 in the envelope, with Allow.
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
