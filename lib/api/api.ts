import { takeEarlyCall } from "@/lib/early-calls";
import { rememberLogoutReason } from "@/lib/logout-reason";
import { browserSession } from "@/lib/session";
import { createApiClient, type LockLike } from "./client";

// The browser's instance of the API client: tokens in localStorage, one refresh at a time across tabs
// (Web Locks, where the browser has them; within a tab the shared promise already serialises).
const browserLock: LockLike = (task) => {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  // the lock resolves with the task's own promise: same value, one level flattened by await
  return locks ? (locks.request("bloco-token-refresh", task) as Promise<Awaited<ReturnType<typeof task>>>) : task();
};

export const api = createApiClient({
  session: browserSession,
  lock: browserLock,
  early: takeEarlyCall,
  onLogout: rememberLogoutReason,
});
