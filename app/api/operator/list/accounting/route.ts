import { route, otherMethods } from "@/server/http/route";
import { listOperators } from "@/server/operators/list-operators";

// GET /api/operator/list/accounting — the operators of the caller's office
export const GET = route({}, ({ actor }) => listOperators({ actor, platform: "accounting" }));

// Any other verb: 405 in the envelope, with Allow.
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
