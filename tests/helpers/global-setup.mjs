// Once per jest run: a PostgreSQL for the integration tests (TEST_DATABASE_ADMIN_URL if given, else an
// embedded throw-away cluster) and a template database migrated from prisma/migrations. Each test file
// then clones the template (CREATE DATABASE ... TEMPLATE), which takes milliseconds.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { ensureDatabase, startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres.mjs";

const TEMPLATE = "bloco_test_template";

export default async function globalSetup(globalConfig) {
  const wantsDb = globalConfig.selectProjects?.length ? globalConfig.selectProjects.includes("integration") : true;
  if (!wantsDb) return;
  let adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  if (!adminUrl) {
    const dataDir = `.data/test-pg-${process.pid}`;
    rmSync(dataDir, { recursive: true, force: true });
    // Below 32768: Linux hands out ports from 32768 up to outgoing connections, and one left in TIME_WAIT
    // on the chosen port (after a load test's thousands of them) would refuse PostgreSQL its listener.
    const port = Number(process.env.TEST_PG_PORT ?? 24400 + (process.pid % 500));
    // Thrown away after the run: no fsync (tests/helpers/test-database.ts clones a database per file).
    const server = await startEmbeddedPostgres({ dataDir, port, durable: false });
    globalThis.__blocoTestPg = { server, dataDir };
    adminUrl = server.url("postgres");
  }
  await ensureDatabase(adminUrl, TEMPLATE, { recreate: true });
  const templateUrl = adminUrl.replace(/\/[^/?]+(\?|$)/, `/${TEMPLATE}$1`);
  const applied = spawnSync(process.execPath, ["scripts/lib/schema-engine.mjs", "apply"], {
    env: { ...process.env, DATABASE_URL: templateUrl },
    encoding: "utf8",
  });
  if (applied.status !== 0) throw new Error(`migrations failed: ${applied.stderr}`);
  process.env.TEST_DATABASE_ADMIN_URL = adminUrl;
  process.env.TEST_DATABASE_TEMPLATE = TEMPLATE;
}
