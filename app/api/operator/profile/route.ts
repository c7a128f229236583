import { operatorProfileBody, operatorProfileQuery } from "@/lib/contract/operators";
import { route, otherMethods } from "@/server/http/route";
import { getProfile } from "@/server/operators/get-profile";
import { updateProfile } from "@/server/operators/update-profile";

// GET /api/operator/profile?platform= — the caller as an Operator of that platform
export const GET = route({}, ({ actor, req }) =>
  getProfile({
    actor,
    platform: operatorProfileQuery.parse(Object.fromEntries(new URL(req.url).searchParams)).platform,
  }),
);

// POST /api/operator/profile — saves the caller's Nome, CPF, E-mail and Telefone
export const POST = route({ body: operatorProfileBody }, ({ actor, body }) => updateProfile({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
