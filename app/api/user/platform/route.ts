import { route, otherMethods } from "@/server/http/route";
import { switchPlatform } from "@/server/users/switch-platform";

// PATCH /api/user/platform — toggles the last platform of a user with both platforms (empty body)
export const PATCH = route({}, ({ actor }) => switchPlatform({ actor }));

// POST /api/user/platform — the same, for clients that cannot send PATCH
export const POST = PATCH;

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, DELETE } = otherMethods("POST", "PATCH");
