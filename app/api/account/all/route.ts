import { accountsAllBody } from "@/lib/contract/accounts";
import { listChart } from "@/server/accounts/chart";
import { route, otherMethods } from "@/server/http/route";

// GET /api/account/all — the caller's office chart of accounts for the current year, sorted by code
export const GET = route({}, ({ actor }) => listChart({ actor }));
// POST /api/account/all — {year?}: the chart of that year of exercise
export const POST = route({ body: accountsAllBody }, ({ actor, body }) => listChart({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
