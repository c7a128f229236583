import { libraryDocumentsBody } from "@/lib/contract/business";
import { listLibraryDocuments } from "@/server/documents/library-documents";
import { route, otherMethods } from "@/server/http/route";

// POST /api/library/documents — {operatorId?}: the caller's gallery (or a sharing colleague's), documents
// in no block, newest first
export const POST = route({ body: libraryDocumentsBody }, ({ actor, body }) => listLibraryDocuments({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
