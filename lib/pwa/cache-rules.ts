import { normalizePath, ROUTES } from "@/lib/routes";

// What the app's service worker (worker/sw.ts) may keep, as pure rules shared by the worker and its
// tests. The worker keeps only what is the same for every person: the build's scripts, styles and fonts
// (their names change with their content), the icons and the web manifest, and the business pages'
// HTML shell (a generic document: every person's data comes from /api after it loads). It never keeps
// or answers /api (tokens, personal data) and never the accounting pages, which stay online-only.
// docs/decisions/0320-what-the-app-worker-keeps.md

/** The cache of the build's immutable files (/_next/static): served from the cache first. */
export const STATIC_CACHE = "bloco-static-v1";
/** The icons, the web manifest and the other files of public/: served from the cache, refreshed behind. */
export const ASSET_CACHE = "bloco-assets-v1";
/** The business pages' HTML shell: network first, the kept copy only when the network fails. */
export const PAGES_CACHE = "bloco-pages-v1";
/**
 * Present (an empty cache) only while a business user is logged in on this device. The page opens it
 * after a business login and deletes it, with PAGES_CACHE, on logout or on the accounting platform
 * (lib/pwa/page-caches.ts); the worker keeps and serves pages only while it exists.
 */
export const BUSINESS_SESSION_FLAG = "bloco-business-session";

/** Every cache name the worker owns (an older version's names are deleted when it activates). */
export const OWN_CACHES = [STATIC_CACHE, ASSET_CACHE, PAGES_CACHE, BUSINESS_SESSION_FLAG] as const;

/** The worker's own URL (app/serwist/[path]/route.ts) and scope. */
export const WORKER_URL = "/serwist/sw.js";
export const WORKER_SCOPE = "/";

/** The business platform's pages (lib/routes.ts) plus /home, which is the company's home there. */
export const BUSINESS_PAGES: readonly string[] = [
  "/home",
  ...ROUTES.filter((route) => route.access === "business").map((route) => route.path),
];

export type RequestFacts = {
  /** The request's method. */
  method: string;
  /** Its absolute URL. */
  url: string;
  /** The worker's origin (self.location.origin). */
  origin: string;
  /** request.mode: "navigate" for a document the browser navigates to. */
  mode: string;
  /** request.destination ("script", "style", "font", "image", "manifest", "document", "" for fetch()). */
  destination: string;
  /** Whether the request asks for a React Server Components payload (the RSC header). */
  rsc?: boolean;
};

/** How the worker answers a request: not at all (the browser's own fetch), or one of its three caches. */
export type CacheRule = "network" | "static" | "asset" | "business-page";

const STATIC_PREFIX = "/_next/static/";
const ASSET_FILE = /^\/(icons\/[a-z0-9-]+\.png|manifest\.webmanifest|icon\.svg|favicon\.ico|apple-icon\.png)$/;

/** Whether a path is under /api (any form: /api, /api/…). */
export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

/** Whether a path is one of the business pages (the path alone, without query or a trailing slash). */
export function isBusinessPage(path: string): boolean {
  return BUSINESS_PAGES.includes(normalizePath(path));
}

/**
 * The one decision of the worker's fetch handler: which cache, if any, may answer this request.
 * Anything not GET, another origin, /api, an RSC payload, a page that is not a business page and every
 * file not listed below go to the network untouched.
 */
export function cacheRule(request: RequestFacts): CacheRule {
  if (request.method !== "GET") return "network";
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return "network";
  }
  if (url.origin !== request.origin) return "network";
  const path = url.pathname;
  if (isApiPath(path) || request.rsc) return "network";
  if (request.mode === "navigate") return isBusinessPage(path) ? "business-page" : "network";
  if (path.startsWith(STATIC_PREFIX) && !path.includes("/..")) return "static";
  if (ASSET_FILE.test(path)) return "asset";
  return "network";
}

/** Whether an answer may be kept: a whole, same-origin 200 that was not redirected and asked to be storable. */
export function keepable(response: {
  status: number;
  type: string;
  redirected: boolean;
  cacheControl: string | null;
}): boolean {
  if (response.status !== 200 || response.type !== "basic" || response.redirected) return false;
  return !/(^|,)\s*no-store\s*(,|$)/i.test(response.cacheControl ?? "");
}
