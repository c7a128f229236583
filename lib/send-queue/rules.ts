import type { BlockCreateBody } from "@/lib/contract/business";

// The pure rules of the send queue of Criar bloco (docs/decisions/0325-offline-send-queue.md): what a
// queued block holds, which failures keep it waiting and which refuse it for good, whose it is, and in
// which order the queue goes. No React, no window: the page and the service worker share them.

/** The tag of the Background Sync the page registers when it keeps a block (the service worker sends then). */
export const SYNC_TAG = "bloco-send-queue";

/** A block kept on this device until it reaches the server. */
export type QueuedBlock = {
  /** `${userId}:${id}`: the store's key, so one user's items never meet another's. */
  key: string;
  /** The user id of the session that prepared it (the token's subject). */
  userId: string;
  /** The first entry's id (a photo's client id, or `g<document id>`): stable across retries. */
  id: string;
  /** Exactly what POST /api/block/create takes: the same ids every try, so the server makes one block. */
  body: BlockCreateBody;
  /** The downscaled thumbnails (data URLs) to show it while it waits; '' for a gallery document or a PDF. */
  thumbs: string[];
  /** ms since the epoch: the queue's order. */
  queuedAt: number;
  /** waiting: goes on the next load or `online`; refused: the server said no, the user decides. */
  state: "waiting" | "refused";
  /** The server's message when refused (pt-BR). */
  reason: string | null;
  /** How many sends were tried. */
  attempts: number;
};

/** What a send's failure means for the queued block. */
export type FailureKind = "retry" | "refused";

/** What a failed send looks like to the rules: the API client's ApiError carries status and code. */
export type SendFailure = { status?: unknown; code?: unknown; message?: unknown; name?: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The HTTP statuses worth trying again: time-out, too many requests, and any server failure. */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * The send never reached the server's answer: the transport's TypeError (fetch / XMLHttpRequest network
 * error), or the API client's `network_error` / `timeout` (status 0). An HTTP answer is never this.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (!isRecord(error)) return false;
  return error.status === 0 && (error.code === "network_error" || error.code === "timeout");
}

/**
 * retry: no answer (network, time limit, an abort by a closed page), 408, 429 or 5xx; refused: any other
 * answer of 4xx (the company removed, the session ended, a photo refused).
 */
export function failureKind(error: unknown): FailureKind {
  if (isNetworkFailure(error)) return "retry";
  if (isRecord(error) && typeof error.status === "number") {
    return isRetryableStatus(error.status) || error.status < 400 ? "retry" : "refused";
  }
  return "retry"; // not an answer of the server (an abort, an unexpected throw): nothing was refused
}

/**
 * In the service worker: as failureKind, but a 401 keeps the block waiting. The worker sends with the
 * page's last access token and never refreshes it; an expired token is no refusal, the page sends the
 * block itself when it opens.
 */
export function workerFailureKind(error: unknown): FailureKind {
  return isRecord(error) && error.status === 401 ? "retry" : failureKind(error);
}

/** Whether a JWT's `exp` (seconds) is still ahead of `now` (ms); false when it has none. */
export function tokenAlive(token: string, now: number): boolean {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === "number" && exp * 1000 > now;
}

/** The store key of a user's item. */
export const itemKey = (userId: string, id: string) => `${userId}:${id}`;

/** The bounds of one user's keys in the store (IDBKeyRange.bound(lower, upper)). */
export function userKeyRange(userId: string): [string, string] {
  return [`${userId}:`, `${userId}:\uffff`];
}

/** The id of a queued block: its first entry's (a photo's client id, or `g` and the gallery document's id). */
export function blockId(body: BlockCreateBody): string {
  const first = body[0];
  if (!first) throw new Error("an empty block is never queued");
  return typeof first.id === "string" ? first.id : `g${first.id}`;
}

/** A new queued block of `userId`. */
export function queuedBlock(userId: string, body: BlockCreateBody, thumbs: string[], now: number): QueuedBlock {
  const id = blockId(body);
  return {
    key: itemKey(userId, id),
    userId,
    id,
    body,
    thumbs,
    queuedAt: now,
    state: "waiting",
    reason: null,
    attempts: 0,
  };
}

/** Oldest first; the same instant by id, so every tab and the worker agree. */
export function inQueueOrder(items: readonly QueuedBlock[]): QueuedBlock[] {
  return [...items].sort((a, b) => a.queuedAt - b.queuedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The blocks a drain sends, in order: the waiting ones (a refused one waits for the user). */
export function toSend(items: readonly QueuedBlock[]): QueuedBlock[] {
  return inQueueOrder(items.filter((item) => item.state === "waiting"));
}

/** After a failed send: still waiting, or refused with the server's message. */
export function afterFailure(
  item: QueuedBlock,
  error: unknown,
  fallbackReason: string,
  kind: FailureKind = failureKind(error),
): QueuedBlock {
  const attempts = item.attempts + 1;
  if (kind === "retry") return { ...item, state: "waiting", attempts };
  const message = isRecord(error) && typeof error.message === "string" && error.message ? error.message : null;
  return { ...item, state: "refused", reason: message ?? fallbackReason, attempts };
}

/** 'Tentar de novo' on a refused block: it waits again, its reason gone. */
export const retried = (item: QueuedBlock): QueuedBlock => ({ ...item, state: "waiting", reason: null });

/**
 * The user a session belongs to: the `sub` claim of its token (a JWT), read without checking the
 * signature (the server checks it on every call; here it only chooses whose items to show). Null when
 * there is no token or it is not a JWT.
 */
export function userOfToken(token: string | null | undefined): string | null {
  const sub = tokenClaims(token)?.sub;
  return typeof sub === "string" && sub ? sub : null;
}

/** The claims of a JWT, unverified; null when it is not one. */
function tokenClaims(token: string | null | undefined): Record<string, unknown> | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const json = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "="))) as unknown;
    return isRecord(json) ? json : null;
  } catch {
    return null;
  }
}
