import { contabilizationMobileBody } from "@/lib/contract/contabilization";
import { mobileContabilization } from "@/server/contabilization/mobile";
import { linkRoute, otherMethods } from "@/server/http/route";

// POST /api/operator/contabilization/mobile — {link, year?, month?}: the phone's poll, renewing the lease;
// the month's page data
export const POST = linkRoute({ body: contabilizationMobileBody }, ({ caller, body }) =>
  mobileContabilization({ caller, body }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
