import { listLibraries } from "@/server/documents/sharing-operators";
import { route, otherMethods } from "@/server/http/route";

// GET /api/library/all — the galleries the business caller may open: 'Minha galeria' (key ''), then each
// colleague who shares its own
export const GET = route({}, ({ actor }) => listLibraries({ actor }));

// Any other verb: 405 in the envelope, with Allow.
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
