import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { BlockCreateBody } from "@/lib/contract/business";
import { businessQueueMessages } from "@/lib/i18n/sections/businessQueue";
import { browserSession } from "@/lib/session";
import { inQueueOrder, queuedBlock, SYNC_TAG, userOfToken, type QueuedBlock } from "@/lib/send-queue/rules";
import { drainQueue, retryQueued, type DrainResult, type SendBlock } from "@/lib/send-queue/sender";
import { keepQueueSession, queueStore, subscribeQueue } from "@/lib/send-queue/store";
import { api } from "./api";
import { blockSenderKeys } from "./block-sender";

// The page's side of the send queue (docs/decisions/0325-offline-send-queue.md): whose queue it is (the
// session token's subject), the queued blocks as they change in any tab, keeping a block that could not
// leave, sending the queue on load and on `online`, 'Tentar de novo' and 'Descartar'. The sending itself
// is lib/send-queue/sender.ts, shared with the service worker.

export type { QueuedBlock };

/** The logged-in user's id (the refresh token's subject), null when logged out. */
export function useQueueUser(): string | null {
  const refresh = useSyncExternalStore(
    browserSession.subscribe,
    () => browserSession.getSnapshot().refresh,
    () => null,
  );
  return useMemo(() => userOfToken(refresh), [refresh]);
}

/** The user's queued blocks, oldest first, refreshed on every change (this tab, another tab, the worker). */
export function useQueuedBlocks(userId: string | null): QueuedBlock[] {
  // the list with the user it was read for: another login never shows the last one's, even for a render
  const [loaded, setLoaded] = useState<{ userId: string; items: QueuedBlock[] } | null>(null);
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    const load = () =>
      queueStore.list(userId).then(
        (list) => {
          if (live) setLoaded({ userId, items: inQueueOrder(list) });
        },
        () => undefined, // no IndexedDB (a private window may refuse it): nothing is queued here
      );
    void load();
    const unsubscribe = subscribeQueue(() => void load());
    return () => {
      live = false;
      unsubscribe();
    };
  }, [userId]);
  return loaded !== null && loaded.userId === userId ? loaded.items : NONE;
}

const NONE: QueuedBlock[] = [];

/** Sends one queued block with the API client (the bearer token, one refresh on 401), no time limit. */
const sendQueued: SendBlock = async (body) => {
  const { uploadTransport } = await import("./upload-transport");
  return api.request("/api/block/create", body, {
    transport: uploadTransport({ onProgress: () => undefined }),
    timeoutMs: 0,
  });
};

/**
 * Asks the service worker, when there is one, to send the queue once the connection returns, and keeps
 * for it whose queue it is and the current access token (docs/decisions/0325-offline-send-queue.md).
 */
async function registerSync(userId: string): Promise<void> {
  try {
    const access = browserSession.getAccess();
    if (access) await keepQueueSession({ userId, access });
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (
      registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    // no worker or no Background Sync (most browsers but Chromium's): the page sends on load and `online`
  }
}

export type SendQueue = {
  items: QueuedBlock[];
  /** The key of the block being sent, if any. */
  sending: string | null;
  /** Keeps a block on the device; false when the device refused to store it (the selection must stay). */
  enqueue(body: BlockCreateBody, thumbs: string[]): Promise<boolean>;
  /** Sends the waiting blocks now; resolves to how many arrived. */
  drain(): Promise<number>;
  retry(item: QueuedBlock): Promise<void>;
  discard(item: QueuedBlock): Promise<void>;
};

/**
 * The queue of Criar bloco: sent on load and on every `online` event (no timers), one block at a time
 * under the per-user Web Lock. `onDrained` hears what each drain that sent or refused a block did.
 */
export function useSendQueue(onDrained?: (result: DrainResult) => void): SendQueue {
  const userId = useQueueUser();
  const items = useQueuedBlocks(userId);
  const [sending, setSending] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const drain = useCallback(async () => {
    if (userId === null) return 0;
    const result = await drainQueue({
      store: queueStore,
      userId,
      send: sendQueued,
      fallbackReason: businessQueueMessages.refusedFallback,
      onSending: setSending,
    }).catch(() => ({ sent: 0, refused: 0, waiting: 0 })); // the store unavailable: the blocks stay where they are
    if (result.sent > 0) {
      for (const queryKey of [blockSenderKeys.library, ["blocks"], ["business"]])
        void queryClient.invalidateQueries({ queryKey });
    }
    if (result.sent > 0 || result.refused > 0) onDrained?.(result);
    return result.sent;
  }, [userId, queryClient, onDrained]);

  // While blocks wait, the worker's copy of the access token follows the page's refreshes.
  const access = useSyncExternalStore(
    browserSession.subscribe,
    () => browserSession.getSnapshot().access,
    () => null,
  );
  const waiting = items.length > 0;
  useEffect(() => {
    if (userId !== null && access !== null && waiting) void keepQueueSession({ userId, access }).catch(() => undefined);
  }, [userId, access, waiting]);

  useEffect(() => {
    void drain();
    const online = () => void drain();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [drain]);

  const enqueue = useCallback(
    async (body: BlockCreateBody, thumbs: string[]) => {
      if (userId === null) return false;
      try {
        await queueStore.put(queuedBlock(userId, body, thumbs, Date.now()));
      } catch {
        return false;
      }
      void registerSync(userId);
      return true;
    },
    [userId],
  );

  const retry = useCallback(
    async (item: QueuedBlock) => {
      await retryQueued(queueStore, item);
      await drain();
    },
    [drain],
  );

  const discard = useCallback((item: QueuedBlock) => queueStore.remove(item.key), []);

  return { items, sending, enqueue, drain, retry, discard };
}

/** How many blocks the logged-in user has queued on this device (the menu's count). */
export function useQueuedCount(): number {
  return useQueuedBlocks(useQueueUser()).length;
}
