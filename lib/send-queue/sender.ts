import type { BlockCreateBody } from "@/lib/contract/business";
import { afterFailure, failureKind, retried, toSend, type FailureKind, type QueuedBlock } from "./rules";
import type { QueueStore } from "./store";

// The one sender of the queue, shared by the Criar bloco page and the service worker: one block at a
// time, under a Web Lock per user, so two tabs (or a tab and the worker) never send the same block at
// once. Each block is read again inside the lock: another context may have sent it meanwhile. The
// server's create is idempotent by the photos' ids, so a block whose answer was lost and is sent again
// still makes one block.

/** Sends one block (the page: the API client with its upload transport; the worker: fetch). */
export type SendBlock = (body: BlockCreateBody) => Promise<unknown>;
/** Runs `task` holding the lock `name` (navigator.locks where there is one). */
export type NamedLock = <T>(name: string, task: () => Promise<T>) => Promise<T>;

export const lockName = (userId: string) => `bloco-send-queue:${userId}`;

/** navigator.locks in a window and in a worker alike; without it (an old browser), one context's order only. */
export const webLock: NamedLock = (name, task) => {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks ? (locks.request(name, task) as Promise<Awaited<ReturnType<typeof task>>>) : task();
};

export type DrainOptions = {
  store: QueueStore;
  userId: string;
  send: SendBlock;
  lock?: NamedLock;
  /** The reason kept when a refusal carried no message. */
  fallbackReason: string;
  /** What a failure means (default failureKind; the worker, which cannot refresh, keeps a 401 waiting). */
  classify?: (error: unknown) => FailureKind;
  /** The block being sent (its key), then null. */
  onSending?: (key: string | null) => void;
};

export type DrainResult = { sent: number; refused: number; waiting: number };

/**
 * Sends the user's waiting blocks, oldest first. A block that arrives leaves the queue; one refused for
 * good stays with the server's reason and the drain goes on; a retryable failure (network, 408, 429, 5xx)
 * keeps it waiting and ends the drain (the next load or `online` event tries again).
 */
export async function drainQueue(options: DrainOptions): Promise<DrainResult> {
  const { store, userId, send, lock = webLock, fallbackReason, onSending, classify = failureKind } = options;
  return lock(lockName(userId), async () => {
    const result: DrainResult = { sent: 0, refused: 0, waiting: 0 };
    const queue = toSend(await store.list(userId));
    for (const [at, queued] of queue.entries()) {
      const item = await store.get(queued.key);
      if (!item || item.state !== "waiting") continue; // sent or refused meanwhile by another context
      onSending?.(item.key);
      try {
        await send(item.body);
        await store.remove(item.key);
        result.sent += 1;
      } catch (error) {
        const kind = classify(error);
        await store.put(afterFailure(item, error, fallbackReason, kind));
        if (kind === "retry") {
          result.waiting = queue.length - at;
          break;
        }
        result.refused += 1;
      } finally {
        onSending?.(null);
      }
    }
    return result;
  });
}

/** 'Tentar de novo': a refused block waits again (the caller then drains). */
export async function retryQueued(store: QueueStore, item: QueuedBlock): Promise<void> {
  await store.put(retried(item));
}
