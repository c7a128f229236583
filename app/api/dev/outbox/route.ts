import { isLoopbackCaller, publicRoute, otherMethods } from "@/server/http/route";
import { listOutbox } from "@/server/mail/dev-outbox";

// GET /api/dev/outbox — latest queued e-mails (development, or DEV_OUTBOX=true for callers on this machine; public)
export const GET = publicRoute({}, ({ req }) => listOutbox({ local: isLoopbackCaller(req) }));

// Any other verb: 405 in the envelope, with Allow.
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
