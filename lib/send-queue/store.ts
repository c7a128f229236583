import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { userKeyRange, type QueuedBlock } from "./rules";

// The send queue's IndexedDB store (through `idb`): one object store of queued blocks keyed by
// `${userId}:${id}`, so a user's items are one key range and another login on the device never reads
// them. Every change is told to this context's listeners and, over a BroadcastChannel, to the other tabs
// and the service worker. No window-only API: the worker opens the same store.

export const QUEUE_DB = "bloco-send-queue";
const STORE = "blocks";
const CHANNEL = "bloco-send-queue";

const SESSION = "session";
const SESSION_KEY = "current";

/**
 * What the service worker needs to send without a page: whose queue, and the page's last access token
 * (the worker never refreshes: the refresh token rotates, and the page's copy would go stale).
 */
export type QueueSession = { userId: string; access: string };

interface QueueSchema extends DBSchema {
  blocks: { key: string; value: QueuedBlock };
  session: { key: string; value: QueueSession };
}

/** The page keeps its user and access token for the worker's sync (replacing the last). */
export async function keepQueueSession(session: QueueSession): Promise<void> {
  await (await database()).put(SESSION, session, SESSION_KEY);
}

/** The session the page last kept, if any. */
export async function queueSession(): Promise<QueueSession | undefined> {
  return (await database()).get(SESSION, SESSION_KEY);
}

/** On logout: the worker has no token left to send with (the queued blocks stay, the user's own). */
export async function forgetQueueSession(): Promise<void> {
  await (await database()).delete(SESSION, SESSION_KEY);
}

export type QueueStore = {
  /** One user's queued blocks, in key order (callers sort with inQueueOrder). */
  list(userId: string): Promise<QueuedBlock[]>;
  get(key: string): Promise<QueuedBlock | undefined>;
  put(item: QueuedBlock): Promise<void>;
  remove(key: string): Promise<void>;
};

let opening: Promise<IDBPDatabase<QueueSchema>> | null = null;

function database(): Promise<IDBPDatabase<QueueSchema>> {
  opening ??= openDB<QueueSchema>(QUEUE_DB, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: "key" });
      db.createObjectStore(SESSION);
    },
    // another context upgrades the schema: let go, the next call opens the new version
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function sharedChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === "undefined") return null;
  channel ??= new BroadcastChannel(CHANNEL);
  return channel;
}

/** Tells this context's listeners and every other context (tabs, the worker) that the queue changed. */
export function notifyQueueChanged(): void {
  for (const listener of listeners) listener();
  sharedChannel()?.postMessage("changed");
}

/** Calls `listener` whenever the queue changes here or elsewhere; returns the unsubscribe. */
export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  // a channel object of its own: a BroadcastChannel never hears its own messages
  const incoming = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
  incoming?.addEventListener("message", listener);
  return () => {
    listeners.delete(listener);
    incoming?.close();
  };
}

/** Lets go of the database and the channel (a test's end; the next call opens them again). */
export async function closeQueueStore(): Promise<void> {
  channel?.close();
  channel = null;
  const open = opening;
  opening = null;
  (await open?.catch(() => null))?.close();
}

export const queueStore: QueueStore = {
  async list(userId) {
    const [lower, upper] = userKeyRange(userId);
    return (await database()).getAll(STORE, IDBKeyRange.bound(lower, upper));
  },
  async get(key) {
    return (await database()).get(STORE, key);
  },
  async put(item) {
    await (await database()).put(STORE, item);
    notifyQueueChanged();
  },
  async remove(key) {
    await (await database()).delete(STORE, key);
    notifyQueueChanged();
  },
};
