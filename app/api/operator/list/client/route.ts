import { route } from "@/server/http/route";
import { listOperators } from "@/server/operators/list-operators";

// GET /api/operator/list/client — the operators of the caller's client company
export const GET = route({}, ({ actor }) => listOperators({ actor, platform: "bussiness" }));
