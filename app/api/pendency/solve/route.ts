import { pendencySolveBody } from "@/lib/contract/business";
import { companyMember } from "@/server/policy/company-member";
import { solvePendency } from "@/server/pendencies/solve-pendency";
import { prefetchPhoto } from "@/server/documents/ingest";
import { route, otherMethods } from "@/server/http/route";

// POST /api/pendency/solve — answers an open pendency: photos and gallery documents added, documents taken out
// early: as in block/create, each photo is decoded as soon as its data URL has arrived.
export const POST = route(
  {
    body: pendencySolveBody,
    upload: true,
    guard: (actor) => void companyMember(actor, "pendency.solve"),
    early: prefetchPhoto,
  },
  ({ actor, body, early }) => solvePendency({ actor, body, early }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
