import { accountRolloverBody } from "@/lib/contract/accounts";
import { rolloverChart } from "@/server/accounts/rollover-chart";
import { route, otherMethods } from "@/server/http/route";

// POST /api/account/rollover — {fromYear, toYear}: copies a year's chart into an empty year
export const POST = route({ body: accountRolloverBody }, ({ actor, body }) => rolloverChart({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
