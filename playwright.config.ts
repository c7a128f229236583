import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

// E2E in Chromium against the built app, started by `npm start` on port 3100 with a fresh seeded
// database (BLOCO_RESET_DATA=1). Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the
// npm package @sparticuz/chromium (inflated on first use), so `npm ci && npm test` needs no apt step.
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  // Playwright loads this config with require(), which refuses top-level await: the async inflation
  // runs in a child process. The path is handed to the workers (they inherit the environment).
  const script = "import('@sparticuz/chromium').then((m) => m.default.executablePath()).then((p) => process.stdout.write(p))";
  process.env.CHROMIUM_PATH = execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim();
  return process.env.CHROMIUM_PATH;
}

const PORT = 3100;
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "npm start",
    url: `${baseURL}/api/health`,
    env: { PORT: String(PORT), DATA_DIR: ".data/e2e", EMBEDDED_PG_PORT: "54397", BLOCO_RESET_DATA: "1" },
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    // SIGTERM, not Playwright's default SIGKILL: scripts/start.ts then stops Next and its embedded
    // PostgreSQL (a killed start script leaves PostgreSQL holding the port for the next run).
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});
