// The security headers every answer carries, pages, API and static files alike: next.config.ts gives
// them to Next, and the app server (main.ts) to the static files it serves itself (static-brotli.ts).
export const securityHeaders: { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=()" },
];

// The API's own policy: JSON never runs or embeds anything. next.config.ts sets it on /api, and
// client-error.ts on the API answers the app server writes itself.
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

// The service worker's own policy (its script's answer sets it for the worker): it fetches this origin
// only and runs no other script. next.config.ts sets it on /serwist/.
export const WORKER_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'";
