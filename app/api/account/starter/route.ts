import { accountStarterBody } from "@/lib/contract/accounts";
import { loadStarter } from "@/server/accounts/load-starter";
import { route, otherMethods } from "@/server/http/route";

// POST /api/account/starter — {year}: the starter chart of accounts into a year with no account
export const POST = route({ body: accountStarterBody }, ({ actor, body }) => loadStarter({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
