import { operatorIdBody } from "@/lib/contract/operators";
import { route } from "@/server/http/route";
import { removeOperator } from "@/server/operators/remove-operator";

// POST /api/operator/remove/client — removes an operator from the caller's client company
export const POST = route({ body: operatorIdBody }, ({ actor, body }) => removeOperator({ actor, platform: "bussiness", operatorId: body.operatorId }));
