// `npm run db:migrate | db:diff -- NAME | db:seed` against DATABASE_URL.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { ensureDatabase, startEmbeddedPostgres } from "./lib/embedded-postgres.mjs";

const [command, name] = process.argv.slice(2);
const engine = resolve(__dirname, "lib/schema-engine.mjs");

async function main(): Promise<number> {
  if (command === "migrate") return spawnSync(process.execPath, [engine, "apply"], { stdio: "inherit" }).status ?? 1;
  if (command === "diff") {
    // The engine wants a live connection even to diff two datamodels: a throw-away server gives it one.
    const dataDir = resolve(__dirname, "../.data/diff-pg");
    rmSync(dataDir, { recursive: true, force: true });
    const pg = await startEmbeddedPostgres({ dataDir, port: Number(process.env.DIFF_PG_PORT ?? 24387) });
    try {
      await ensureDatabase(pg.url("postgres"), "bloco_diff");
      const env = { ...process.env, DATABASE_URL: pg.url("bloco_diff") };
      return spawnSync(process.execPath, [engine, "diff", name ?? ""], { stdio: "inherit", env }).status ?? 1;
    } finally {
      await pg.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (command === "seed") {
    const { seed } = await import("../prisma/seed");
    const { getDb, disconnectDb } = await import("../server/db/client");
    console.log((await seed(getDb())) ? "Demo data created" : "Demo data already present");
    await disconnectDb();
    return 0;
  }
  console.error("usage: db.ts migrate | diff NAME | seed");
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
