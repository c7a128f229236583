import { createApiClient } from "@/lib/api/client";
import type { BlockCreateBody } from "@/lib/contract/business";
import { businessQueueMessages } from "@/lib/i18n/sections/businessQueue";
import { createMemoryStorage, createSessionStore } from "@/lib/session";
import { tokenAlive, workerFailureKind } from "./rules";
import { drainQueue, type DrainResult, type SendBlock } from "./sender";
import { queueSession, queueStore } from "./store";

// The service worker's side of the send queue (docs/decisions/0325-offline-send-queue.md): on the
// Background Sync the page asked for when it kept a block, and only when no window of the app is open
// (an open page sends the queue itself), the worker sends the queue of the user who last kept a session
// with the same sender the page uses. It calls the one API client with the page's last access token and
// an empty refresh token: a 401 then ends in no refresh and no network call, and the block keeps waiting.

/** The worker's upload may be slow: no progress events here, so a generous limit instead of a stall watch. */
const WORKER_SEND_LIMIT_MS = 5 * 60_000;

/** A send with this access token only (never refreshed, never stored anywhere but in memory). */
export function tokenSender(access: string, fetchImpl?: typeof fetch): SendBlock {
  const storage = createMemoryStorage();
  const session = createSessionStore(() => storage);
  session.setTokens({ access, refresh: "" });
  const client = createApiClient({ session, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  return (body: BlockCreateBody) => client.request("/api/block/create", body, { timeoutMs: WORKER_SEND_LIMIT_MS });
}

export type SyncOutcome = "window-open" | "no-session" | "token-expired" | DrainResult;

/**
 * The sync: nothing while a window is open or without a live token; otherwise the user's queue. Throws
 * while blocks are still waiting (network, 5xx), so the browser runs the sync again later.
 */
export async function syncQueue(
  openWindows: () => Promise<number>,
  now = Date.now(),
  fetchImpl?: typeof fetch,
): Promise<SyncOutcome> {
  if ((await openWindows()) > 0) return "window-open";
  const session = await queueSession();
  if (!session) return "no-session";
  if (!tokenAlive(session.access, now)) return "token-expired";
  const result = await drainQueue({
    store: queueStore,
    userId: session.userId,
    send: tokenSender(session.access, fetchImpl),
    classify: workerFailureKind,
    fallbackReason: businessQueueMessages.refusedFallback,
  });
  if (result.waiting > 0) throw new Error(`${result.waiting} queued block(s) still waiting`);
  return result;
}
