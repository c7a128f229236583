import { createHash } from "node:crypto";

// The page Content-Security-Policy. Scripts: 'self' for the bundles, the sha256 of
// every inline script of the prerendered pages (Next's flight data, its Turbopack bootstrap, our
// theme-before-paint script) and a per-request nonce that Next puts on the inline scripts of the pages
// it renders per request. Never 'unsafe-inline' for scripts. See docs/decisions/0134-http-edge-and-security-headers.md.

export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

/** The 'sha256-…' source of an inline script, as the browser hashes its text. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The hash sources of the inline scripts of one HTML document (scripts with src= are 'self'). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, text] of html.matchAll(SCRIPT_TAG)) {
    if (/\bsrc\s*=/i.test(attributes) || text === "") continue;
    hashes.push(scriptHash(text));
  }
  return hashes;
}

type HttpsEnv = Readonly<Record<string, string | undefined>>; // process.env: APP_URL, TRUST_PROXY

/**
 * HSTS and upgrade-insecure-requests only when the app is served over HTTPS: APP_URL says so, or a
 * trusted proxy (TRUST_PROXY=true, the login limit's rule) says the request came over HTTPS. Never on
 * plain http://localhost, where HSTS would pin the browser to an HTTPS port nobody serves.
 */
export function servedOverHttps(env: HttpsEnv, forwardedProto: string | null): boolean {
  if (env.APP_URL?.startsWith("https://")) return true;
  return env.TRUST_PROXY === "true" && forwardedProto?.split(",")[0].trim() === "https";
}

export type PolicyOptions = {
  nonce: string;
  /** Hash sources allowed besides the nonce (deduplicated here). */
  scriptHashes: Iterable<string>;
  https: boolean;
  /** `next dev`: React rebuilds server error stacks with eval (Next's CSP guide). */
  dev: boolean;
};

export function contentSecurityPolicy({ nonce, scriptHashes, https, dev }: PolicyOptions): string {
  const scripts = ["'self'", `'nonce-${nonce}'`, ...new Set(scriptHashes), ...(dev ? ["'unsafe-eval'"] : [])];
  const directives = [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    // Styles keep 'unsafe-inline': React style attributes (the photo crop's position, transition
    // durations) and the <style> Radix's scroll lock injects cannot carry a nonce or a stable hash.
    // CSS cannot run script; the script policy above is what guards the tokens in localStorage.
    "style-src 'self' 'unsafe-inline'",
    // data: for the cropped photo being sent, blob: for the picked file shown in the reposition dialog.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The app's service worker (/serwist/sw.js) and its web manifest (/manifest.webmanifest): same origin
    // only, named rather than left to fall back (docs/decisions/0320-what-the-app-worker-keeps.md).
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}
