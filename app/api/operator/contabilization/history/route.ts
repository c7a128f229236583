import { contabilizationHistoryBody } from "@/lib/contract/contabilization";
import { contabilizationHistory } from "@/server/contabilization/mobile";
import { linkRoute, otherMethods } from "@/server/http/route";

// POST /api/operator/contabilization/history — {clientId | link, year, month, accountId}: the account's
// contabilised blocks of the month
export const POST = linkRoute({ body: contabilizationHistoryBody }, ({ caller, body }) =>
  contabilizationHistory({ caller, body }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
