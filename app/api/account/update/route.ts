import { accountUpdateBody } from "@/lib/contract/accounts";
import { updateAccount } from "@/server/accounts/update-account";
import { route, otherMethods } from "@/server/http/route";

// POST /api/account/update — {accountId, description?, reducedCode?, active?}: rename, reduced code, (de)activate
export const POST = route({ body: accountUpdateBody }, ({ actor, body }) => updateAccount({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
