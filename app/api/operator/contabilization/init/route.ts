import { contabilizationInitBody } from "@/lib/contract/contabilization";
import { initContabilization } from "@/server/contabilization/init";
import { getConfig } from "@/server/config";
import { clientAddress, publicRoute, otherMethods } from "@/server/http/route";

// POST /api/operator/contabilization/init — {link} (public): exchange the QR's one-time link, once, for the
// phone's session
export const POST = publicRoute({ body: contabilizationInitBody }, ({ req, body }) =>
  initContabilization({ body, address: clientAddress(req, getConfig().TRUST_PROXY) }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
