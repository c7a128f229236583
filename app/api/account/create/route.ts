import { accountCreateBody } from "@/lib/contract/accounts";
import { createAccount } from "@/server/accounts/create-account";
import { route, otherMethods } from "@/server/http/route";

// POST /api/account/create — {year, code, description, reducedCode?, type?}: one account of the chart
export const POST = route({ body: accountCreateBody }, ({ actor, body }) => createAccount({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
