/// <reference lib="webworker" />
// The app's service worker, bundled by esbuild through Serwist's route handler
// (app/serwist/[path]/route.ts) during `next build` and served at /serwist/sw.js with scope '/'.
// It may import modules from lib/ (the `@/` alias works: they are bundled into the worker).
// What it keeps and why: docs/decisions/0320-what-the-app-worker-keeps.md; how it is built and tested:
// docs/app-worker.md.
import {
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  Serwist,
  StaleWhileRevalidate,
  type PrecacheEntry,
  type SerwistGlobalConfig,
  type SerwistPlugin,
} from "serwist";
import {
  ASSET_CACHE,
  BUSINESS_SESSION_FLAG,
  cacheRule,
  keepable,
  OWN_CACHES,
  PAGES_CACHE,
  STATIC_CACHE,
  type CacheRule,
} from "@/lib/pwa/cache-rules";
import { syncQueue } from "@/lib/send-queue/background";
import { SYNC_TAG } from "@/lib/send-queue/rules";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    // The build's scripts, styles, fonts and public files, listed by Serwist when the worker is built.
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

/** Keeps only whole, same-origin, storable answers (lib/pwa/cache-rules.ts keepable). */
const onlyKeepable: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) =>
    keepable({
      status: response.status,
      type: response.type,
      redirected: response.redirected,
      cacheControl: response.headers.get("cache-control"),
    })
      ? response
      : null,
};

/**
 * Pages are kept and served only while a business user is logged in on this device: the page opens the
 * flag cache after a business login and deletes it with the kept pages on logout (lib/pwa/page-caches.ts).
 */
const whileBusinessSession: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => ((await caches.has(BUSINESS_SESSION_FLAG)) ? response : null),
  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
    cachedResponse && (await caches.has(BUSINESS_SESSION_FLAG)) ? cachedResponse : undefined,
};

const rule =
  (wanted: CacheRule) =>
  ({ request }: { request: Request }) =>
    cacheRule({
      method: request.method,
      url: request.url,
      origin: self.location.origin,
      mode: request.mode,
      destination: request.destination,
      rsc: request.headers.get("rsc") === "1",
    }) === wanted;

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true, concurrency: 4 },
  skipWaiting: true,
  clientsClaim: true,
  disableDevLogs: true,
  runtimeCaching: [
    // The build's files have their content's hash in the name: the kept copy is always right. Those
    // the precache list does not name (a later build's, a lazily loaded chunk) are kept as they load.
    {
      matcher: rule("static"),
      handler: new CacheFirst({
        cacheName: STATIC_CACHE,
        plugins: [onlyKeepable, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 30 })],
      }),
    },
    // Icons and the manifest: answered at once from the cache, refreshed behind.
    {
      matcher: rule("asset"),
      handler: new StaleWhileRevalidate({ cacheName: ASSET_CACHE, plugins: [onlyKeepable] }),
    },
    // The business pages' HTML: always from the network (its Content-Security-Policy and nonce are
    // fresh); the kept copy only when the network fails, so the shell and its scripts still open offline.
    {
      matcher: rule("business-page"),
      handler: new NetworkFirst({
        cacheName: PAGES_CACHE,
        networkTimeoutSeconds: 10,
        plugins: [onlyKeepable, whileBusinessSession, new ExpirationPlugin({ maxEntries: 20 })],
      }),
    },
    // Anything else (/api, accounting pages, RSC payloads, other origins) has no route here: the
    // browser fetches it as if there were no worker.
  ],
});

// Other listeners of the worker are registered here, beside Serwist's (install, activate, fetch).
// They must not answer fetch events of their own: what is cached is decided above, in one place.

// An older version's caches (a renamed cache) are deleted once this version is active.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("bloco-") && !(OWN_CACHES as readonly string[]).includes(name))
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

// The send queue of Criar bloco (docs/decisions/0325-offline-send-queue.md): on the sync the page
// registered when it kept a block, sent here only when no window of the app is open (an open page sends
// it on load and on `online`), with the same sender the page uses. Still waiting: the promise rejects
// and the browser runs the sync again later.
type SyncEvent = ExtendableEvent & { readonly tag: string };
self.addEventListener("sync", (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== SYNC_TAG) return;
  sync.waitUntil(
    syncQueue(async () => (await self.clients.matchAll({ type: "window", includeUncontrolled: true })).length),
  );
});

serwist.addEventListeners();
