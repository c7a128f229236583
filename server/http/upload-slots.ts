import "server-only";
import { messages } from "@/lib/i18n/messages";
import { getConfig } from "@/server/config";
import { AppError } from "./errors";
import { WorkLimiter } from "./work-limiter";

export const UPLOAD_RETRY_AFTER_SECONDS = 2;

// Backpressure for large uploads (ARCHITECTURE §5): a body of up to 13 x 16 MB of base64, its parse
// and its image decoding cost memory and event-loop time, so each process admits at most
// MAX_UPLOADS_IN_FLIGHT at once and answers 429 with Retry-After beyond, before reading the body.
// Per process by design (see WorkLimiter): with N instances the cluster admits N x MAX_UPLOADS_IN_FLIGHT.
export const uploadSlots = new WorkLimiter({
  concurrency: () => getConfig().MAX_UPLOADS_IN_FLIGHT,
  maxQueue: () => 0,
  maxWaitMs: () => 0,
  refuse: () => new AppError("rate_limited", messages.api.tooManyUploads, { headers: { "Retry-After": String(UPLOAD_RETRY_AFTER_SECONDS) } }),
});
