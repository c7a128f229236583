// The Chromium every browser run uses (Playwright e2e, screenshots): CHROMIUM_PATH, else Debian's
// /usr/bin/chromium, else the npm package @sparticuz/chromium (inflated on first use), so
// `npm ci && npm test` needs no apt step. The flags keep it off this machine's closed network.
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
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  const script =
    "import('@sparticuz/chromium').then((m) => m.default.executablePath()).then((p) => process.stdout.write(p))";
  process.env.CHROMIUM_PATH = execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim();
  return process.env.CHROMIUM_PATH;
}
