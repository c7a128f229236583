import { listSentOperators } from "@/server/documents/sharing-operators";
import { route, otherMethods } from "@/server/http/route";

// GET /api/operator/sent/get — whose sent blocks the business caller may see: itself first (isMe), then the
// colleagues who share
export const GET = route({}, ({ actor }) => listSentOperators({ actor }));

// Any other verb: 405 in the envelope, with Allow.
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
