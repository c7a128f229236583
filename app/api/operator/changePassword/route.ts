import { changePasswordBody } from "@/lib/contract/operators";
import { route } from "@/server/http/route";
import { changePassword } from "@/server/operators/change-password";

// POST /api/operator/changePassword — new password; every other session ends, this device gets a fresh pair
export const POST = route({ body: changePasswordBody }, ({ actor, body }) => changePassword({ actor, body }));
