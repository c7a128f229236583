// `npm run db:migrate | db:diff -- NAME | db:seed` against DATABASE_URL.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

const [command, name] = process.argv.slice(2);
const engine = resolve(__dirname, "lib/schema-engine.mjs");

async function main(): Promise<number> {
  if (command === "migrate" || command === "diff") {
    const args = command === "migrate" ? ["apply"] : ["diff", name ?? ""];
    return spawnSync(process.execPath, [engine, ...args], { stdio: "inherit" }).status ?? 1;
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

main().then((code) => process.exit(code), (error) => {
  console.error(error);
  process.exit(1);
});
