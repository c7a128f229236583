import { publicRoute } from "@/server/http/route";
import { listOutbox } from "@/server/mail/dev-outbox";

// GET /api/dev/outbox — latest queued e-mails (development and DEV_OUTBOX=true only; public)
export const GET = publicRoute({}, () => listOutbox());
