import { documentIdBody } from "@/lib/contract/business";
import { restoreDocument } from "@/server/documents/restore-document";
import { route, otherMethods } from "@/server/http/route";

// POST /api/document/devolved/restore — a returned document goes back to its uploader's gallery, rescued
export const POST = route({ body: documentIdBody }, ({ actor, body }) => restoreDocument({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
