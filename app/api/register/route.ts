import { registerBody } from "@/lib/contract/register";
import { getConfig } from "@/server/config";
import { clientAddress, otherMethods, publicRoute } from "@/server/http/route";
import { registerOffice } from "@/server/register/signup";

// POST /api/register — an office signs up from /register (public): the office, its owner and the
// e-mailed link that sets the owner's password
export const POST = publicRoute({ body: registerBody }, ({ req, body }) =>
  registerOffice({ body, address: clientAddress(req, getConfig().TRUST_PROXY) }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
