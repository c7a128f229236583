"use client";

import { useEffect } from "react";
import { useSession } from "@/components/auth/use-session";
import { WORKER_SCOPE, WORKER_URL } from "@/lib/pwa/cache-rules";
import { listenForInstallPrompt } from "@/lib/pwa/install-prompt";
import { allowKeptPages, forgetKeptPages } from "@/lib/pwa/page-caches";

/**
 * On every page: keeps the browser's install offer ('Instalar aplicativo') and, while a business user
 * is logged in, registers the app's service worker (worker/sw.ts) with scope '/' and lets it keep the
 * business pages' shell. Logged out or on the accounting platform, the kept pages are deleted (the
 * worker, if a business user registered it on this device, then answers only the build's files).
 */
export function AppWorker() {
  const session = useSession();
  const business = session?.loggedIn === true && session.platform === "bussiness";
  const known = session !== null;

  useEffect(() => listenForInstallPrompt(), []);

  useEffect(() => {
    if (!known || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
    if (!business) {
      void forgetKeptPages().catch(() => undefined);
      return;
    }
    // After the page's own load: the worker's install downloads the precache list, which must not compete
    // with the first visit's scripts (docs/performance.md, "The app worker").
    let cancelled = false;
    const register = () => {
      if (cancelled) return;
      void allowKeptPages()
        .then(() => navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE, updateViaCache: "none" }))
        .catch(() => undefined); // no worker (private mode, storage refused): the app works as before
    };
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener("load", register);
    };
  }, [business, known]);

  return null;
}
