import { clientAccountsBody } from "@/lib/contract/accounts";
import { listClientAccounts } from "@/server/accounts/client-accounts";
import { route, otherMethods } from "@/server/http/route";

// POST /api/account/client — {clientId?, year?, month?}: the client's available accounts, one month or all
export const POST = route({ body: clientAccountsBody }, ({ actor, body }) => listClientAccounts({ actor, body }));

// GET: the same call without a payload (spec §7).
export const GET = POST;

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
