import { eraseOperatorBody } from "@/lib/contract/privacy";
import { route, otherMethods } from "@/server/http/route";
import { eraseOperator } from "@/server/privacy/erase-account";

// POST /api/operator/erase — {id}: the office owner erases the personal data of a blocked operator who left.
export const POST = route({ body: eraseOperatorBody }, ({ actor, body }) => eraseOperator({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
