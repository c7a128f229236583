import { tokenBody } from "@/lib/contract/auth";
import { login } from "@/server/auth/login";
import { getConfig } from "@/server/config";
import { clientAddress, publicRoute, otherMethods, seenAddress } from "@/server/http/route";

// POST /api/token/ — log in: {username, password} → {access, refresh, isAccouting, isBussiness}
export const POST = publicRoute({ body: tokenBody }, ({ req, body }) =>
  login({
    ...body,
    address: clientAddress(req, getConfig().TRUST_PROXY),
    seen: seenAddress(req, getConfig().TRUST_PROXY),
  }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
