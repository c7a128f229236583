// The Chromium of the browser runs. Playwright e2e, the screenshots and the photo-check bench use a
// headless shell: CHROMIUM_PATH, else the one in the npm package @sparticuz/chromium (inflated on first
// use), so `npm ci && npm test` needs no apt step and every machine runs the same browser. A full
// Chromium's new headless mode costs about a third more CPU per journey (its GPU process composites
// every frame in software), and the e2e suite is bound by CPU. Lighthouse needs that full browser
// (--headless=new): Debian's /usr/bin/chromium when present. The flags keep it off this machine's
// closed network.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/**
 * Synchronous because Playwright loads its config with require(), which refuses top-level await: the
 * async inflation runs in a child process, and the path is kept in CHROMIUM_PATH for the workers.
 * @returns {string}
 */
export function chromiumExecutablePath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const script =
    "import('@sparticuz/chromium').then((m) => m.default.executablePath()).then((p) => process.stdout.write(p))";
  process.env.CHROMIUM_PATH = execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim();
  return process.env.CHROMIUM_PATH;
}

/**
 * A full Chromium, for Lighthouse (it needs the new headless mode): Debian's when present, else the
 * headless shell above.
 * @returns {string}
 */
export function fullChromiumPath() {
  return existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : chromiumExecutablePath();
}
