import { publicRoute, otherMethods } from "@/server/http/route";
import { listOutbox } from "@/server/mail/dev-outbox";

// GET /api/dev/outbox — latest queued e-mails (development and DEV_OUTBOX=true only; public)
export const GET = publicRoute({}, () => listOutbox());

// Any other verb: 405 in the envelope, with Allow.
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
