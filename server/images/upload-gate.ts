import "server-only";
import { getConfig } from "@/server/config";
import { AppError } from "@/server/http/errors";
import { messages } from "@/lib/i18n/messages";

// Backpressure for large uploads (ARCHITECTURE §5): parsing a body of up to 13 x 16 MB of base64 and
// decoding its images costs memory and event-loop time, so each process admits at most
// MAX_UPLOADS_IN_FLIGHT at once and answers 429 with Retry-After beyond, instead of queueing.
// This counter is PER PROCESS and deliberately not shared state: it protects this process's memory and
// event loop, not a global quota; with N instances the cluster admits N x MAX_UPLOADS_IN_FLIGHT.
// Nothing else depends on it, so keeping it in memory does not break statelessness (§6).
export const UPLOAD_RETRY_AFTER_SECONDS = 2;

let inFlight = 0;

export async function withUploadSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (inFlight >= getConfig().MAX_UPLOADS_IN_FLIGHT) {
    throw new AppError("rate_limited", messages.api.tooManyUploads, {
      headers: { "Retry-After": String(UPLOAD_RETRY_AFTER_SECONDS) },
    });
  }
  inFlight += 1;
  try {
    return await fn();
  } finally {
    inFlight -= 1;
  }
}

export function uploadsInFlight(): number {
  return inFlight;
}
