import { isChosenPlatform, isPlatform, NOT_CHOOSED, type ChosenPlatform, type Platform } from "@/lib/platform";

// The session kept on the device: the token pair (access, refresh), the chosen platform and the
// allow-change-platform flag (spec §1, §3 "Local storage"). One store so one subscription sees every
// change (useSyncExternalStore); the storage is injected so the API client is testable in node.

export type KeyValueStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

export type TokenPair = { access: string; refresh: string };

export type SessionSnapshot = {
  access: string | null;
  refresh: string | null;
  platform: Platform;
  allowChangePlatform: boolean;
  /** A refresh token and a chosen platform: 'not-choosed' or no login means logged out (spec §4). */
  loggedIn: boolean;
};

export type SessionStart = { tokens: TokenPair; platform: ChosenPlatform; allowChangePlatform: boolean };

export type SessionStore = {
  getSnapshot(): SessionSnapshot;
  getAccess(): string | null;
  getRefresh(): string | null;
  /** After a refresh: rotation always brings a new refresh token, and it must replace the old one. */
  setTokens(tokens: TokenPair): void;
  /** After login, once the platform is known (the chooser picks before tokens are set). */
  start(session: SessionStart): void;
  setPlatform(platform: ChosenPlatform): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
  /** Tell subscribers that the storage changed elsewhere (another tab). */
  notify(): void;
};

export const STORAGE_KEYS = {
  access: "bloco.access",
  refresh: "bloco.refresh",
  platform: "bloco.platform",
  allowChangePlatform: "bloco.allowChangePlatform",
} as const;

const LOGGED_OUT: SessionSnapshot = {
  access: null,
  refresh: null,
  platform: NOT_CHOOSED,
  allowChangePlatform: false,
  loggedIn: false,
};

export function createSessionStore(getStorage: () => KeyValueStorage | null): SessionStore {
  const listeners = new Set<() => void>();
  let cached: SessionSnapshot = LOGGED_OUT;

  const read = (key: string): string | null => {
    try {
      return getStorage()?.getItem(key) ?? null;
    } catch {
      return null; // storage disabled (private mode, quota): behave as logged out
    }
  };
  const write = (entries: Record<string, string | null>) => {
    const storage = getStorage();
    if (storage) {
      for (const [key, value] of Object.entries(entries)) {
        try {
          if (value === null) storage.removeItem(key);
          else storage.setItem(key, value);
        } catch {
          // a full or disabled storage leaves the session in memory only for this call
        }
      }
    }
    notify();
  };
  const notify = () => listeners.forEach((listener) => listener());

  const getSnapshot = (): SessionSnapshot => {
    const storedPlatform = read(STORAGE_KEYS.platform);
    const next: SessionSnapshot = {
      access: read(STORAGE_KEYS.access),
      refresh: read(STORAGE_KEYS.refresh),
      platform: isPlatform(storedPlatform) ? storedPlatform : NOT_CHOOSED,
      allowChangePlatform: read(STORAGE_KEYS.allowChangePlatform) === "true",
      loggedIn: false,
    };
    next.loggedIn = next.refresh !== null && isChosenPlatform(next.platform);
    const same = (Object.keys(next) as (keyof SessionSnapshot)[]).every((key) => next[key] === cached[key]);
    if (!same) cached = next;
    return cached;
  };

  return {
    getSnapshot,
    getAccess: () => read(STORAGE_KEYS.access),
    getRefresh: () => read(STORAGE_KEYS.refresh),
    setTokens: ({ access, refresh }) => write({ [STORAGE_KEYS.access]: access, [STORAGE_KEYS.refresh]: refresh }),
    start: ({ tokens, platform, allowChangePlatform }) =>
      write({
        [STORAGE_KEYS.access]: tokens.access,
        [STORAGE_KEYS.refresh]: tokens.refresh,
        [STORAGE_KEYS.platform]: platform,
        [STORAGE_KEYS.allowChangePlatform]: String(allowChangePlatform),
      }),
    setPlatform: (platform) => write({ [STORAGE_KEYS.platform]: platform }),
    clear: () =>
      write({
        [STORAGE_KEYS.access]: null,
        [STORAGE_KEYS.refresh]: null,
        [STORAGE_KEYS.platform]: NOT_CHOOSED,
        [STORAGE_KEYS.allowChangePlatform]: null,
      }),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify,
  };
}

/** An in-memory storage (tests, or a browser whose localStorage is unavailable). */
export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

const browserStorage = (): KeyValueStorage | null => {
  if (typeof window === "undefined") return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** The device's session (localStorage). On the server it reads as logged out. */
export const browserSession: SessionStore = createSessionStore(browserStorage);

if (typeof window !== "undefined") {
  // Another tab logged in, refreshed or logged out: re-read.
  window.addEventListener("storage", (event) => {
    if (event.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(event.key)) browserSession.notify();
  });
}
