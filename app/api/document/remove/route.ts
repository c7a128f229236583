import { documentIdBody } from "@/lib/contract/business";
import { removeDocument } from "@/server/documents/remove-document";
import { route, otherMethods } from "@/server/http/route";

// POST /api/document/remove — deletes a gallery document of the caller, or a returned one, for good
export const POST = route({ body: documentIdBody }, ({ actor, body }) => removeDocument({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
