// The security headers every answer carries, pages, API and static files alike: next.config.ts gives
// them to Next, and scripts/serve.mjs to the static files it serves itself (scripts/lib/static-brotli.mjs).
export const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=()" },
];

// The API's own policy: JSON never runs or embeds anything. next.config.ts sets it on /api, and
// scripts/lib/client-error.mjs on the API answers serve.mjs writes itself.
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
