import type { MeAnswer, TokenAnswer, TokenBody } from "@/lib/contract/auth";
import { browserSession } from "@/lib/session";
import { api } from "./api";
import { forgetKeptPages } from "@/lib/pwa/page-caches";
import { leaveOpenScreens } from "./leaving";

// Spec §7 "Auth": login, logout, and the caller's profile (its query hook, useMe, is lib/api/me.ts: the
// login page calls requestLogin and must not load react-query with it).

export const authKeys = { me: ["auth", "me"] as const };

/** POST /api/token/: no bearer, no refresh; the caller decides when to keep the tokens. */
export function requestLogin(body: TokenBody): Promise<TokenAnswer> {
  return api.request<TokenAnswer>("/api/token/", body, { auth: false });
}

/**
 * Lets go of what the open screens hold (their unsync calls need the session), revokes the session on
 * the server (its failure is ignored) and clears the device.
 */
export async function logout(): Promise<void> {
  await leaveOpenScreens();
  const refresh = browserSession.getRefresh();
  if (refresh) {
    await api.request("/api/token/logout/", { refresh }, { auth: false }).catch(() => undefined);
  }
  // The business pages' shell the app worker kept is not left readable offline for the next person.
  await forgetKeptPages().catch(() => undefined);
  // The worker's copy of the access token for sending the queue (the queued blocks stay, the user's own).
  await import("@/lib/send-queue/store").then((store) => store.forgetQueueSession()).catch(() => undefined);
  browserSession.clear();
}

export function fetchMe(signal?: AbortSignal): Promise<MeAnswer> {
  return api.request<MeAnswer>("/api/me/", undefined, { signal });
}
