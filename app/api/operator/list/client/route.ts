import { route, otherMethods } from "@/server/http/route";
import { listOperators } from "@/server/operators/list-operators";

// GET /api/operator/list/client — the operators of the caller's client company
export const GET = route({}, ({ actor }) => listOperators({ actor, platform: "bussiness" }));

// Any other verb: 405 in the envelope, with Allow.
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
