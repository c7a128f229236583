import { browserSession } from "@/lib/session";
import { createApiClient, type LockLike } from "./client";

// The browser's instance of the API client: tokens in localStorage, one refresh at a time across tabs
// (Web Locks, where the browser has them; within a tab the shared promise already serialises).
const browserLock: LockLike = (task) => {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks ? locks.request("bloco-token-refresh", task) : task();
};

export const api = createApiClient({ session: browserSession, lock: browserLock });
