import { operatorIdBody } from "@/lib/contract/operators";
import { route, otherMethods } from "@/server/http/route";
import { removeOperator } from "@/server/operators/remove-operator";

// POST /api/operator/remove/accounting — removes an operator from the caller's office
export const POST = route({ body: operatorIdBody }, ({ actor, body }) =>
  removeOperator({ actor, platform: "accounting", operatorId: body.operatorId }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
