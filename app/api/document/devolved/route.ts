import { listReturnedDocuments } from "@/server/documents/returned-documents";
import { route, otherMethods } from "@/server/http/route";

// GET /api/document/devolved — the company's returned documents with their deletion deadline, soonest first
export const GET = route({}, ({ actor }) => listReturnedDocuments({ actor }));

// Any other verb: 405 in the envelope, with Allow.
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
