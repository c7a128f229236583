import { clientAccountsBody } from "@/lib/contract/accounts";
import { listClientAccounts } from "@/server/accounts/client-accounts";
import { route, otherMethods } from "@/server/http/route";

// POST /api/account/client — {clientId?, year?, month?}: the client's available accounts, one month or all
export const POST = route({ body: clientAccountsBody }, ({ actor, body }) => listClientAccounts({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
