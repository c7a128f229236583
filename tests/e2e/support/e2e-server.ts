// Where the e2e server lives (playwright.config.ts starts it; tests/e2e/support/data.ts writes to its
// database). The embedded PostgreSQL's superuser and password are scripts/lib/embedded-postgres.mjs's.
// E2E_PORT, E2E_PG_PORT and E2E_DATA_DIR may be overridden (with NEXT_DIST_DIR) to run a second copy of
// the suite beside the first on one machine; CI uses the defaults.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
// Below the ephemeral range (32768–60999 on Linux, 49152 up elsewhere): see tests/helpers/global-setup.mjs.
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT ?? 24397);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".data/e2e";
export const E2E_DATABASE_URL = `postgresql://bloco:bloco@127.0.0.1:${E2E_PG_PORT}/bloco`;
// The app's log of an e2e run (the start script's LOG_FILE), read by server-log.spec.ts.
export const SERVER_LOG = process.env.E2E_SERVER_LOG ?? "test-results/server.log";
