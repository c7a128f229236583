import { accountChangeBody } from "@/lib/contract/accounts";
import { toggleAccount } from "@/server/accounts/change-account";
import { route, otherMethods } from "@/server/http/route";

// POST /api/account/change — {clientId, accountId}: toggles the account for the client from this month on
export const POST = route({ body: accountChangeBody }, ({ actor, body }) => toggleAccount({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
