import { operatorIdBody } from "@/lib/contract/operators";
import { route } from "@/server/http/route";
import { removeOperator } from "@/server/operators/remove-operator";

// POST /api/operator/remove/accounting — removes an operator from the caller's office
export const POST = route({ body: operatorIdBody }, ({ actor, body }) => removeOperator({ actor, platform: "accounting", operatorId: body.operatorId }));
