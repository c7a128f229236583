import { rmSync } from "node:fs";

export default async function globalTeardown() {
  const pg = globalThis.__blocoTestPg;
  if (!pg) return;
  await pg.server.stop();
  rmSync(pg.dataDir, { recursive: true, force: true });
}
