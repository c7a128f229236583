import { rmSync } from "node:fs";

// Stops the throw-away PostgreSQL and removes what the run stored (documents written by factories).
export default async function globalTeardown() {
  rmSync(".data/test/blobs", { recursive: true, force: true });
  const pg = globalThis.__blocoTestPg;
  if (!pg) return;
  await pg.server.stop();
  rmSync(pg.dataDir, { recursive: true, force: true });
}
