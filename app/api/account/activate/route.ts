import { accountActivateBody } from "@/lib/contract/accounts";
import { activateAccounts } from "@/server/accounts/activate-accounts";
import { route, otherMethods } from "@/server/http/route";

// POST /api/account/activate — {clientId, accountIds}: activates many accounts for the client from this month on
export const POST = route({ body: accountActivateBody }, ({ actor, body }) => activateAccounts({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
