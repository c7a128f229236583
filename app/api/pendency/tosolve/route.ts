import { pendencyToSolveBody } from "@/lib/contract/business";
import { pendencyToSolve } from "@/server/business-reads/pendency-queue";
import { route, otherMethods } from "@/server/http/route";

// POST /api/pendency/tosolve — {next?, pendencyId?}: the head of the company's pendency queue (Proximo
// first moves that pendency to the end)
export const POST = route({ body: pendencyToSolveBody }, ({ actor, body }) => pendencyToSolve({ actor, body }));

// GET /api/pendency/tosolve — the same call without payload (spec §7: a call without payload is a GET)
export const GET = POST;

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
