import { changePasswordBody } from "@/lib/contract/operators";
import { route, otherMethods } from "@/server/http/route";
import { changePassword } from "@/server/operators/change-password";

// POST /api/operator/changePassword — new password; every other session ends, this device gets a fresh pair
export const POST = route({ body: changePasswordBody }, ({ actor, body }) => changePassword({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
