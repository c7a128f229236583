import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumExecutablePath } from "./scripts/lib/chromium.mjs";
import { E2E_DATA_DIR, E2E_PG_PORT, E2E_PORT, SERVER_LOG } from "./tests/e2e/support/e2e-server";

// E2E in Chromium (scripts/lib/chromium.mjs) against the built app, started by `npm start` on port 3100
// with a fresh seeded database (BLOCO_RESET_DATA=1).
const PORT = E2E_PORT;
const baseURL = `http://127.0.0.1:${PORT}`;

// Workers create their own people with the seed builders (tests/e2e/support/data.ts), which import
// "server-only": like the start script, they resolve it through the react-server condition. Workers
// inherit this; the app server must not (Next renders with the default conditions), so its env resets it.
const nodeOptions = process.env.NODE_OPTIONS ?? "";
if (!nodeOptions.includes("--conditions=react-server"))
  process.env.NODE_OPTIONS = `${nodeOptions} --conditions=react-server`.trim();

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A journey logs in two or three people and runs axe several times: about 10-30 s on a quiet 2-core
  // machine, and two to three times that on a loaded CI machine (the /devolveds journey took 60 s there
  // and ran out of a 60 s budget). Every wait inside is on state; this is only the guard against a hang.
  timeout: 120_000,
  // The same for one expectation: a page reloaded through a token refresh, beside another worker's photos
  // being read by OCR in the app's job process, once took over 10 s to show its header on CI.
  expect: { timeout: 20_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL,
    // The business pages register the app's service worker (worker/sw.ts); a spec about it allows it with
    // test.use({ serviceWorkers: "allow" }). Elsewhere every request reaches the page's own routes.
    serviceWorkers: "block",
    locale: "pt-BR",
    reducedMotion: "reduce",
    timezoneId: "America/Sao_Paulo",
    // A failed journey keeps a screenshot of its last state. No trace by default: recording one costs
    // every journey about a tenth of its CPU, and CI keeps only the log; to keep the traces of failed
    // journeys locally, run with `--trace retain-on-failure`.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumExecutablePath(),
      // V8's lite mode: no optimising compiler. A journey's pages live for seconds, too short for that
      // compiler's background work to pay back on a machine whose cores the suite already fills
      // (docs/testing.md). The scripts behave the same; only their peak speed differs.
      args: [...CHROMIUM_ARGS, "--js-flags=--lite-mode"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "npm start",
    url: `${baseURL}/api/health`,
    env: {
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      EMBEDDED_PG_PORT: String(E2E_PG_PORT),
      BLOCO_RESET_DATA: "1",
      // A cluster wiped at every run: no fsync (scripts/lib/embedded-postgres.mjs).
      EMBEDDED_PG_FSYNC: "off",
      DEV_OUTBOX: "true",
      // The app's whole output, also in this file: tests/e2e/server-log.spec.ts reads it for credentials.
      LOG_FILE: SERVER_LOG,
      NODE_OPTIONS: nodeOptions.replace("--conditions=react-server", "").trim(),
    },
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    // SIGTERM, not Playwright's default SIGKILL: scripts/start.ts then stops Next and its embedded
    // PostgreSQL (a killed start script leaves PostgreSQL holding the port for the next run).
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    // One log line per request: kept in LOG_FILE (test-results/server.log), not in the run's output.
    stdout: "ignore",
    stderr: "pipe",
  },
});
