import { pendencyToSolveBody } from "@/lib/contract/business";
import { pendencyToSolve } from "@/server/pendencies/pendency-queue";
import { route, otherMethods } from "@/server/http/route";

// POST /api/pendency/tosolve — {next?, pendencyId?}: the head of the company's pendency queue (Proximo
// first moves that pendency to the end)
export const POST = route({ body: pendencyToSolveBody }, ({ actor, body }) => pendencyToSolve({ actor, body }));

// GET: the same call without a payload (spec §7).
export const GET = POST;

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
