import type { OutboxEntry } from "@/lib/contract/invites";
import { api } from "./api";

export const outboxKey = ["dev", "outbox"] as const;

/** GET /api/dev/outbox — the latest queued e-mails (404 in production unless DEV_OUTBOX=true). */
export function fetchOutbox(signal?: AbortSignal): Promise<OutboxEntry[]> {
  return api.request<OutboxEntry[]>("/api/dev/outbox", undefined, { auth: false, signal });
}
