// Under load every connection of the pool was busy for
// a few seconds and block/save answered 503, because Prisma's interactive transactions gave up waiting
// for a connection after its default 2 s while plain queries wait DATABASE_POOL_TIMEOUT_MS (5 s). Now a
// transaction waits as long as any query.
import { Client } from "pg";
import { getConfig } from "@/server/config";
import { getDb } from "@/server/db/client";

test("a transaction waits for a busy pool as long as a query does (past Prisma's 2 s default)", async () => {
  const { DATABASE_POOL_SIZE, DATABASE_POOL_TIMEOUT_MS } = getConfig();
  expect(DATABASE_POOL_TIMEOUT_MS).toBeGreaterThan(3000);
  const db = getDb();
  // Every connection busy for 3.5 s: longer than Prisma's default maxWait, shorter than the pool's wait.
  const holders = Array.from({ length: DATABASE_POOL_SIZE }, () => db.$queryRaw`SELECT pg_sleep(3.5)::text AS slept`);
  const all = Promise.all(holders);
  // The waiter starts once the pool is full: every holder's query is running in PostgreSQL.
  const watcher = new Client({ connectionString: process.env.DATABASE_URL });
  await watcher.connect();
  for (;;) {
    const { rows } = await watcher.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'SELECT pg_sleep%'",
    );
    if (rows[0]!.n >= DATABASE_POOL_SIZE) break;
  }
  await watcher.end();
  // It gets its connection only when a holder is done (about 3 s from now), and then runs.
  const waited = await db.$transaction(async (tx) => (await tx.$queryRaw<{ one: number }[]>`SELECT 1 AS one`)[0]!.one);
  await all;
  expect(waited).toBe(1);
}, 30_000);
