import { blockCreateBody } from "@/lib/contract/business";
import { companyMember } from "@/server/business/company";
import { createBlock } from "@/server/business/create-block";
import { route, otherMethods } from "@/server/http/route";

// POST /api/block/create — sends a block of new photos and gallery documents (up to 13), idempotent by their ids
export const POST = route(
  { body: blockCreateBody, upload: true, guard: (actor) => void companyMember(actor, "block.send") },
  ({ actor, body }) => createBlock({ actor, body }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
