import type { NextConfig } from "next";

import {
  API_CONTENT_SECURITY_POLICY,
  securityHeaders,
  WORKER_CONTENT_SECURITY_POLICY,
} from "./server/serve/security-headers";

// Static security headers are set here, not in a proxy: a proxy matching /api halves route-handler
// throughput and truncates bodies (ARCHITECTURE §1).
const nextConfig: NextConfig = {
  // NEXT_DIST_DIR (default .next) lets a second build live beside the first (scripts/start.ts reads it too).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The contract's token paths end in a slash (/api/token/); both forms answer, never with a redirect.
  skipTrailingSlashRedirect: true,
  transpilePackages: ["jose"],
  serverExternalPackages: [
    "sharp",
    "bwip-js",
    // An emscripten module whose wasm is read from node_modules at run time (server/fiscal/zxing.ts).
    "zxing-wasm",
    "pg",
    "postgres",
    "pg-boss",
    "@prisma/adapter-pg",
    "@aws-sdk/client-s3",
    "nodemailer",
    "pino",
    // Loaded only by the PDF reading thread (server/fiscal/pdf-worker.mjs), never bundled.
    "pdfjs-dist",
    "@napi-rs/canvas",
    // Runs its OCR in a worker thread whose script and wasm it finds beside itself (server/fiscal/ocr.ts).
    "tesseract.js",
    // Bundles the app's service worker when the build prerenders app/serwist/[path]/route.ts (what
    // @serwist/turbopack's withSerwist adds; written here so next.config.ts imports nothing of it).
    "esbuild",
  ],
  poweredByHeader: false,
  experimental: {
    // Turbopack keeps a cache of the build under .next/cache so that the next build after a change is
    // faster. A CI run builds once from a fresh clone and never again: writing that cache (about 180 MB)
    // was a quarter of its build's time.
    turbopackFileSystemCacheForBuild: process.env.CI !== "true",
  },
  // `npm test` typechecks the whole tree before it builds (scripts/test.mjs): the build need not do it again.
  typescript: { ignoreBuildErrors: process.env.BLOCO_SKIP_BUILD_TYPECHECK === "1" },
  // `next dev` refuses its HMR socket to origins it does not know; people open 127.0.0.1 as often as localhost.
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // Pages get their script policy from proxy.ts; JSON and documents never need to run or embed anything.
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
      // The app's service worker (app/serwist/[path]/route.ts): revalidated on every update check, allowed
      // to control the whole site, with a policy of its own.
      {
        source: "/serwist/:path*",
        headers: [
          { key: "Cache-Control", value: "no-cache" },
          { key: "Service-Worker-Allowed", value: "/" },
          { key: "Content-Security-Policy", value: WORKER_CONTENT_SECURITY_POLICY },
        ],
      },
      {
        source: "/home/client/contabilization/mobile/:path*",
        headers: [
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "Cache-Control", value: "no-store" },
        ],
      },
    ];
  },
};

export default nextConfig;
