import { blockIdBody } from "@/lib/contract/blocks";
import { blockDocuments } from "@/server/blocks/block-documents";
import { route, otherMethods } from "@/server/http/route";

// POST /api/document/block — {blockId}: the viewer's images, badges, version and open pendency
export const POST = route({ body: blockIdBody }, ({ actor, body }) => blockDocuments({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
