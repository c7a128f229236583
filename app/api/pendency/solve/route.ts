import { pendencySolveBody } from "@/lib/contract/business";
import { companyMember } from "@/server/business/company";
import { solvePendency } from "@/server/business/solve-pendency";
import { route, otherMethods } from "@/server/http/route";

// POST /api/pendency/solve — answers an open pendency: photos and gallery documents added, documents taken out
export const POST = route(
  { body: pendencySolveBody, upload: true, guard: (actor) => void companyMember(actor, "pendency.solve") },
  ({ actor, body }) => solvePendency({ actor, body }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
