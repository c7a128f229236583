import { NextResponse, type NextRequest } from "next/server";
import { themeInitScript } from "@/components/shell/theme";
import { earlyCallsScript } from "@/lib/early-calls";
import {
  contentSecurityPolicy,
  HSTS_VALUE,
  scriptHash,
  servedOverHttps,
} from "@/server/security/content-security-policy";
import { staticScriptHashes } from "@/server/security/static-script-hashes";

// Pages only: the Content-Security-Policy with a fresh nonce, and HSTS over HTTPS. /api and the static
// assets are outside the matcher: a proxy in front of the route handlers halves their throughput
// (docs/architecture.md), and JSON needs no script policy. Prerendered pages stay static (their inline
// scripts are allowed by hash); pages Next renders per request get the nonce on its scripts.

const INLINE_HASHES = [scriptHash(themeInitScript), scriptHash(earlyCallsScript)];
const dev = process.env.NODE_ENV === "development";

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const https = servedOverHttps(process.env, request.headers.get("x-forwarded-proto"));
  const policy = contentSecurityPolicy({
    nonce,
    scriptHashes: [...INLINE_HASHES, ...staticScriptHashes()],
    https,
    dev,
  });

  // Next reads the nonce from the request's policy when it renders the page.
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  if (https) response.headers.set("Strict-Transport-Security", HSTS_VALUE);
  return response;
}

export const config = {
  matcher: [
    {
      // The service worker and the installable app's files are no pages either (next.config.ts gives them headers).
      source:
        "/((?!api/|api$|_next/static|_next/image|favicon.ico|icon.svg|serwist/|manifest.webmanifest|icons/|apple-icon).*)",
      // Prefetches and client navigations fetch RSC payloads, not documents: no policy to attach.
      missing: [
        { type: "header", key: "rsc" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
