import { blockCreateBody } from "@/lib/contract/business";
import { companyMember } from "@/server/policy/company-member";
import { createBlock } from "@/server/blocks/create-block";
import { prefetchPhoto } from "@/server/documents/ingest";
import { route, otherMethods } from "@/server/http/route";

// POST /api/block/create — sends a block of new photos and gallery documents (up to 13), idempotent by their ids
export const POST = route(
  // early: each photo is decoded as soon as its data URL has arrived, while the rest of the body comes.
  {
    body: blockCreateBody,
    upload: true,
    guard: (actor) => void companyMember(actor, "block.send"),
    early: prefetchPhoto,
  },
  ({ actor, body, early }) => createBlock({ actor, body, early }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
