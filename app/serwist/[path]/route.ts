import { createSerwistRoute } from "@serwist/turbopack";

// The service worker (worker/sw.ts), bundled with esbuild when `next build` prerenders this route and
// served from the build as /serwist/sw.js (and its source map), with `Service-Worker-Allowed: /` so it
// may control the whole site. Its precache list: the build's scripts, styles and fonts and the icons of
// public/ (the files' names carry their content's hash, so the list changes exactly when they do).
// docs/app-worker.md

const distDir = `${process.env.NEXT_DIST_DIR || ".next"}/`;

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: "worker/sw.ts",
  // The native esbuild of node_modules (Serwist's default on Linux is esbuild-wasm).
  useNativeEsbuild: true,
  // Given here so Serwist does not load next.config itself.
  nextConfig: { distDir, basePath: "", assetPrefix: "" },
  globPatterns: [`${distDir}static/**/*.{js,css,woff2}`, "public/icons/*.png"],
});
